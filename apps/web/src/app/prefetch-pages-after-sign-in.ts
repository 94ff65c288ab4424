/**
 * Starts the download of the pages a sign-in leads to (the passkey offer, then the members' layout
 * with its side navigation, header and permissions, and the dashboard): the chunks the router's
 * lazy routes load, there by the time the code is verified. Called by the login page once a code
 * has been sent, while the person reads their mail; over HTTP/1.1 (six connections to a host) the
 * forty-odd chunks of the members' first page otherwise take seconds after the code's Enter.
 * Nothing waits for it; a chunk that fails to load is the chunk-load guard's (as the login page's
 * other chunks are).
 */
export function prefetchPagesAfterSignIn(): void {
  void import("../routes/register-passkey").catch(() => undefined);
  void import("../layouts/app-layout/app-layout").catch(() => undefined);
  void import("../routes/dashboard").catch(() => undefined);
}
