/** Which credential signs a call (spec §6). */
export type CredentialKind = "session" | "app";

/** Path prefixes whose calls are signed with the signed-in member's session credential. */
export const SESSION_CREDENTIAL_PREFIXES = [
  "/user",
  "/envelope",
  "/workspace",
  "/contact",
  "/passkey",
  "/team",
  "/template",
  "/tag",
  "/api-key",
  "/sso",
  "/webhook",
  "/branding",
  "/mail-text",
  "/support",
  "/subscription",
  "/usage",
  "/retention",
  "/mail-sender",
  "/embedding",
  "/embed",
  "/authentication/list-sessions",
  "/authentication/terminate-sessions",
] as const;

/** Calls under those prefixes that outside recipients make: signed with the app-level credential. */
export const APP_CREDENTIAL_EXCEPTIONS = [
  "/envelope/open",
  "/envelope/download-signer-document",
  "/envelope/mark-page-read",
  "/envelope/verification/send",
  "/envelope/verification/check",
  "/envelope/verification/passkey-options",
  "/envelope/verification/passkey-check",
  "/envelope/qes/authorize",
  "/envelope/qes/credentials",
  "/envelope/sign",
  "/envelope/decline",
  "/envelope/approve",
  "/envelope/reject",
  "/envelope/mark-read",
  "/envelope/delegate",
  "/envelope/upload-attachment",
  "/envelope/list-attachments",
  "/envelope/remove-attachment",
  "/team/accept-invite",
  "/team/view-invite",
] as const;

/** Whether `path` is `prefix` or lies below it (`/team` covers `/team/x`, not `/teams`). */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The credential that signs a call to `path` (relative to the api base; a query or fragment is
 * ignored): "session" for the member paths of spec §6, "app" for public calls and for the
 * recipients' exceptions. Prefixes match whole path segments.
 */
export function credentialKindForPath(path: string): CredentialKind {
  const end = path.search(/[?#]/);
  const bare = end === -1 ? path : path.slice(0, end);
  const normalized = bare.startsWith("/") ? bare : `/${bare}`;
  if (APP_CREDENTIAL_EXCEPTIONS.some((exception) => isUnder(normalized, exception))) return "app";
  return SESSION_CREDENTIAL_PREFIXES.some((prefix) => isUnder(normalized, prefix))
    ? "session"
    : "app";
}
