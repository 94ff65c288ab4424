/**
 * Starts the download of the pages a sign-in leads to: the passkey offer first, then, once its code
 * is there, the members' layout with its side navigation, header and permissions, and the
 * dashboard: the chunks the router's lazy routes load, there by the time the code is verified.
 * Called by the login page once a code has been sent, while the person reads their mail. One page
 * after the other: over HTTP/1.1 (six connections to a host) the forty-odd chunks of the members'
 * first page, asked for at once, held back the passkey offer's, which shows first (4.5 s after the
 * code's Enter instead of 1.8 s in the benchmark). Nothing waits for it; a chunk that fails to load
 * is the chunk-load guard's (as the login page's other chunks are).
 */
export function prefetchPagesAfterSignIn(): void {
  void import("../routes/register-passkey")
    .catch(() => undefined)
    .then(() =>
      Promise.all([import("../layouts/app-layout/app-layout"), import("../routes/dashboard")]),
    )
    .catch(() => undefined);
}
