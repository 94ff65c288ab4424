/** Where a guarded page was asked for, kept in the navigation state on the way to /login. */
export interface ReturnState {
  from?: { pathname: string; search: string; hash: string };
}

/** Where to go once signed in: the page that asked for a login, or the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (!from || from.pathname === "/login") return "/";
  return `${from.pathname}${from.search}${from.hash}`;
}
