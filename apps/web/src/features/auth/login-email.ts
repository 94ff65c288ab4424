import { readLastEmail } from "../../app/session/session-storage";

/**
 * The email to offer on /login: the one carried in the URL fragment after logout (`#email=...`),
 * otherwise the last one used on this browser.
 */
export function initialLoginEmail(hash: string): string {
  const fromFragment = new URLSearchParams(hash.replace(/^#/, "")).get("email");
  return fromFragment?.trim() || readLastEmail() || "";
}
