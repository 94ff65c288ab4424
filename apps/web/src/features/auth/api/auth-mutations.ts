import { type Language } from "@paraphe/api-sdk/contract";
// Types only (`import type`): the library itself is loaded when a passkey sign-in starts.
import type * as WebAuthn from "@simplewebauthn/browser";
import { useCallback } from "react";
import { useApi } from "../../../lib/api/api-context";
import { useApiCall } from "../../../lib/api/use-api-call";
import { keepOidcBrowserBinding, takeOidcBrowserBinding } from "../oidc-browser-binding";

/** POST /authentication/request-code: mails a 6-character code (same answer for every email). */
export function useRequestCode() {
  const api = useApi();
  return useApiCall(
    useCallback(
      (input: { email: string; language?: Language }) => api.authentication.requestCode(input),
      [api],
    ),
  );
}

/** POST /authentication/verify-code: the session credential of the email. */
export function useVerifyCode() {
  const api = useApi();
  return useApiCall(
    useCallback(
      (input: { email: string; code: string }) => api.authentication.verifyCode(input),
      [api],
    ),
  );
}

/**
 * Passkey login: the api's challenge, the browser's WebAuthn ceremony (@simplewebauthn), then
 * POST /authentication/passkey-login with the signed assertion.
 */
export function usePasskeyLogin() {
  const api = useApi();
  return useApiCall(
    useCallback(async () => {
      // The WebAuthn library downloads with the challenge, not with the login page. Undefined when
      // its chunk failed to load and the chunk-load guard reloads the page: the sign-in waits for it.
      const [{ challengeId, options }, webauthn] = await Promise.all([
        api.authentication.passkeyOptions({}),
        import("@simplewebauthn/browser") as Promise<typeof WebAuthn | undefined>,
      ]);
      if (!webauthn) return new Promise<never>(() => {});
      const response = await webauthn.startAuthentication({
        optionsJSON: options as unknown as WebAuthn.PublicKeyCredentialRequestOptionsJSON,
      });
      return api.authentication.passkeyLogin({
        challengeId,
        response: response as unknown as Record<string, unknown>,
      });
    }, [api]),
    // A passkey ceremony is never repeated behind the person's back.
    { retry: false },
  );
}

/**
 * POST /auth/oidc/start: the identity provider's authorization URL for this email's team; the
 * browser binding of the login is kept in this tab for the callback.
 */
export function useOidcStart() {
  const api = useApi();
  return useApiCall(
    useCallback(
      async (input: { email: string; returnPath?: string }) => {
        const started = await api.oidc.start(input);
        keepOidcBrowserBinding(started.browserBinding);
        return started;
      },
      [api],
    ),
  );
}

/**
 * POST /auth/oidc/callback: the session credential, from the query the provider sent back and the
 * browser binding this tab kept when it started the login.
 */
export function useOidcCallback() {
  const api = useApi();
  return useApiCall(
    useCallback(
      (query: string) =>
        api.oidc.callback({ query, browserBinding: takeOidcBrowserBinding() || "none" }),
      [api],
    ),
    // An authorization code works once: never sent again behind the person's back.
    { retry: false },
  );
}
