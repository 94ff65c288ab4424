import type { AccessLink, OpenedEnvelope, SignApi } from "../lib/api";
import { isEnvelopeUuid, takeAccessLink } from "../domain/access-link";
import { embedFragment } from "../domain/embed-fragment";
import { screenPreviewWidth } from "../domain/preview-width";
import { matchRoute } from "./router";

// What the entry (`main.tsx`) does before React is there: nothing here imports React, which the entry
// asks for as a chunk of its own once the calls of the signing page are under way.

/**
 * The api client (tunnel, attestation pinning, contract), configured for this build, as a chunk:
 * for an `App` that is given none (`main.tsx` gives it the client its entry carries).
 */
export function loadSignApi(language: () => string | undefined): Promise<SignApi> {
  return import("../lib/sign-api").then(({ createConfiguredSignApi }) =>
    createConfiguredSignApi(language),
  );
}

/**
 * Takes a signing link's token and secret out of the address bar at once (ARCHITECTURE §6), before
 * any chunk downloads; the signing page then reads them from this tab's session. The link, on a
 * signing path that carries or stored one.
 */
export function takeAccessLinkFromAddress(): AccessLink | null {
  // An embedded page's options share the fragment: read them first.
  embedFragment();
  const route = matchRoute(window.location.pathname);
  return route.name === "sign" ? takeAccessLink(route.envelopeUuid) : null;
}

/** The chunk of the pages that call the api (`main.tsx` asks for it after the attestation checker). */
export const loadSignedArea = () => import("./signed-area");

/**
 * `/envelope/open`, sent as soon as the api client is there, with no wait for React or the page's
 * code: it starts the tunnel's handshake and travels with its second message (the tunnel client's
 * "First request": the server's evidence is checked before anything of the link is sealed), its
 * answer with the server's confirmation, a round trip less than a call of its own. It may ride so
 * because it is idempotent: opening again records nothing new (`envelopeOpened` once per
 * recipient, the first page viewed once, the missing-file notice once a day). Its first page comes
 * at the screen's width (`screenPreviewWidth`), the width the page's queries ask for. The page's query takes
 * it over (`prefetchOpenEnvelope`). Null for a path that names no envelope (the page says so
 * without a call).
 */
export function openEnvelopeEarly(api: SignApi, link: AccessLink): Promise<OpenedEnvelope> | null {
  if (!isEnvelopeUuid(link.envelopeUuid)) return null;
  const opening = api.envelope.open(
    { ...link, previewWidth: screenPreviewWidth() },
    { idempotent: true },
  );
  // Its failure is the page's to show, once the page's query takes the call over.
  opening.catch(() => undefined);
  return opening;
}
