/*
 * The browser binding of a single sign-on login: `/auth/oidc/start` answers a random value that
 * this tab keeps (sessionStorage) and sends back with the callback, so a callback URL opened in
 * another browser (one an attacker started and sent) is refused (login CSRF).
 */
const KEY = "paraphe.oidc.browserBinding";

/** Keeps the binding of the login this tab is starting. */
export function keepOidcBrowserBinding(binding: string): void {
  try {
    window.sessionStorage.setItem(KEY, binding);
  } catch {
    // Storage refused (private mode quota): the callback will be refused and say so.
  }
}

/** The binding this tab kept, removed as it is read (a login is finished once); "" when none. */
export function takeOidcBrowserBinding(): string {
  try {
    const binding = window.sessionStorage.getItem(KEY) ?? "";
    window.sessionStorage.removeItem(KEY);
    return binding;
  } catch {
    return "";
  }
}
