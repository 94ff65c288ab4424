/** The routes of the signing app (spec §2): the access link's page, the confirmation, not found. */
export type SignRoute =
  | { name: "sign"; envelopeUuid: string }
  | { name: "direct"; token: string }
  | { name: "confirmation" }
  | { name: "qesCallback" }
  | { name: "notFound" };

const SIGN_PATH = /^\/sign\/([^/]+)\/?$/i;
const CONFIRMATION_PATH = /^\/confirmation\/?$/i;
/** Where the qualified provider sends a signer back (its registered redirect URI). */
const QES_CALLBACK_PATH = /^\/qes\/callback\/?$/;
/** An embedded page: `/embed/sign/...` or `/embed/d/...`, the path after `/embed` as captured. */
const EMBEDDED_PATH = /^\/embed(\/(?:sign|d)\/.*)$/;
/** A template's direct link: `/d/<token>` (base64url, 32 characters). */
const DIRECT_PATH = /^\/d\/([A-Za-z0-9_-]{32})\/?$/;

/**
 * The route of a path: `/sign/{envelopeUuid}`, `/d/<token>` (each also under `/embed`),
 * `/confirmation`, `/qes/callback` (never embedded), anything else is not found.
 */
export function matchRoute(pathname: string): SignRoute {
  // An embedded page (`/embed/sign/...`, `/embed/d/...`) is the same page, in a frame.
  const embedded = EMBEDDED_PATH.exec(pathname);
  if (embedded?.[1] !== undefined) return matchRoute(embedded[1]);
  const sign = SIGN_PATH.exec(pathname);
  if (sign?.[1] !== undefined) {
    try {
      return { name: "sign", envelopeUuid: decodeURIComponent(sign[1]) };
    } catch {
      return { name: "notFound" };
    }
  }
  if (CONFIRMATION_PATH.test(pathname)) return { name: "confirmation" };
  if (QES_CALLBACK_PATH.test(pathname)) return { name: "qesCallback" };
  const direct = DIRECT_PATH.exec(pathname);
  if (direct?.[1] !== undefined) return { name: "direct", token: direct[1] };
  return { name: "notFound" };
}
