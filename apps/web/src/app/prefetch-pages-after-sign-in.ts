/**
 * Starts the download of the pages a sign-in leads to: the passkey offer, the app's query client
 * (TanStack Query, which the login page does without), the members' layout with its side
 * navigation, header and permissions, and the dashboard, all at once: the chunks the
 * router's lazy routes load, there by the time the code is verified. Called by the login page once
 * a code has been sent, while the person reads their mail. The app is served over HTTP/2 (one
 * connection, every request at once), where asking for the members' pages only once the offer's
 * code was there put their forty-odd chunks on the path to the dashboard (its calls left 1.6 s
 * after the code's Enter instead of right after the offer). The offer's chunk is asked for first.
 * Nothing waits for them; a chunk that fails to load is the chunk-load guard's (as the login
 * page's other chunks are).
 */
export function prefetchPagesAfterSignIn(): void {
  void Promise.all([
    import("../routes/register-passkey"),
    import("./query-scope"),
    import("../layouts/app-layout/app-layout"),
    import("../routes/dashboard"),
  ]).catch(() => undefined);
}
