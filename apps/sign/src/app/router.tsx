/** The routes of the signing app (spec §2): the access link's page, the confirmation, not found. */
export type SignRoute =
  { name: "sign"; envelopeUuid: string } | { name: "confirmation" } | { name: "notFound" };

const SIGN_PATH = /^\/sign\/([^/]+)\/?$/i;
const CONFIRMATION_PATH = /^\/confirmation\/?$/i;

/** The route of a path: `/sign/{envelopeUuid}`, `/confirmation`, anything else is not found. */
export function matchRoute(pathname: string): SignRoute {
  const sign = SIGN_PATH.exec(pathname);
  if (sign?.[1] !== undefined) {
    try {
      return { name: "sign", envelopeUuid: decodeURIComponent(sign[1]) };
    } catch {
      return { name: "notFound" };
    }
  }
  if (CONFIRMATION_PATH.test(pathname)) return { name: "confirmation" };
  return { name: "notFound" };
}
