/** Where a guarded page was asked for, kept in the navigation state on the way to /login. */
export interface ReturnState {
  from?: { pathname: string; search: string; hash: string };
}

/**
 * The navigation state of the way from a code sign-in to the passkey offer: the return path's, and
 * whether the sign-in's answer said the person has a passkey (absent from older servers' answers:
 * the offer then asks for the person's passkeys).
 */
export interface PasskeyOfferState extends ReturnState {
  hasPasskey?: boolean;
}

/** The state for the passkey offer: `state`'s return path, with what the sign-in answered. */
export function passkeyOfferState(
  state: unknown,
  hasPasskey: boolean | undefined,
): PasskeyOfferState {
  const from = (state as ReturnState | null)?.from;
  return { ...(from ? { from } : {}), ...(hasPasskey === undefined ? {} : { hasPasskey }) };
}

/** Whether the sign-in said the person has a passkey; undefined when it did not say. */
export function hasPasskeyOf(state: unknown): boolean | undefined {
  const hasPasskey = (state as PasskeyOfferState | null)?.hasPasskey;
  return typeof hasPasskey === "boolean" ? hasPasskey : undefined;
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
