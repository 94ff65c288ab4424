import { SESSION_STORAGE_KEY, clearStoredUser } from "../../app/session/session-storage";

/** What the handler needs of the router. */
export interface LoginNavigator {
  pathname(): string;
  navigate(path: string): void;
}

/**
 * Spec §8: a member call answered 401 AUTHENTICATION_ERROR removes the stored user and goes to
 * /login, unless already there. The session provider hears the change as a storage event.
 */
export function leaveOnAuthenticationError(navigator: LoginNavigator): void {
  clearStoredUser();
  window.dispatchEvent(new StorageEvent("storage", { key: SESSION_STORAGE_KEY }));
  if (navigator.pathname() !== "/login") navigator.navigate("/login");
}
