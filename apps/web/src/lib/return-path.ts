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

/** Pages a signed-in person without a team may be sent back to (they need no team). */
const TEAMLESS_PATHS = ["/accept-team-invite"];

/**
 * Where to go once signed in, for a person who has no team yet: back to a page that needs no team
 * (accepting a team invitation), otherwise team onboarding.
 */
export function teamlessReturnPath(state: unknown): string {
  const next = returnPath(state);
  const pathname = next.split(/[?#]/)[0] ?? "";
  return TEAMLESS_PATHS.includes(pathname) ? next : "/onboarding/team";
}
