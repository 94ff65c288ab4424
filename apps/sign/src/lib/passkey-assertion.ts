/*
 * A WebAuthn assertion (navigator.credentials.get) from the api's options, both as JSON
 * (PublicKeyCredentialRequestOptionsJSON in, AuthenticationResponseJSON out, binary fields in
 * base64url), as the api's WebAuthn library reads them. Loaded only when a signer uses a passkey.
 */

function fromBase64Url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

function toBase64Url(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

interface RequestOptionsJson {
  challenge: string;
  timeout?: number;
  rpId?: string;
  userVerification?: UserVerificationRequirement;
  allowCredentials?: { id: string; type: "public-key"; transports?: AuthenticatorTransport[] }[];
}

/**
 * Asks the browser for an assertion over `options` (the user picks a passkey and unlocks it); the
 * answer, as JSON. Throws the browser's DOMException when the user cancels (`NotAllowedError`).
 */
export async function passkeyAssertion(
  options: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const json = options as unknown as RequestOptionsJson;
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: fromBase64Url(json.challenge),
      ...(json.timeout === undefined ? {} : { timeout: json.timeout }),
      ...(json.rpId === undefined ? {} : { rpId: json.rpId }),
      ...(json.userVerification === undefined ? {} : { userVerification: json.userVerification }),
      allowCredentials: (json.allowCredentials ?? []).map((allowed) => ({
        id: fromBase64Url(allowed.id),
        type: allowed.type,
        ...(allowed.transports === undefined ? {} : { transports: allowed.transports }),
      })),
    },
  })) as PublicKeyCredential | null;
  if (credential === null) throw new DOMException("No passkey was given.", "NotAllowedError");
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      authenticatorData: toBase64Url(response.authenticatorData),
      signature: toBase64Url(response.signature),
      ...(response.userHandle === null ? {} : { userHandle: toBase64Url(response.userHandle) }),
    },
    clientExtensionResults: credential.getClientExtensionResults(),
    ...(credential.authenticatorAttachment === null
      ? {}
      : { authenticatorAttachment: credential.authenticatorAttachment }),
  };
}
