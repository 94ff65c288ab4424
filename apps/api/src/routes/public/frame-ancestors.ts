import {
  FRAME_ANCESTORS_HEADER,
  FRAME_ANCESTORS_PATH_PREFIX,
  type FrameAncestorsResponse,
} from "@paraphe/api-sdk/contract";
import type { AppDeps } from "../../deps";
import type { AppRouter } from "../../http/context";
import { frameAncestorsOf, type EmbeddedPage } from "../../embedding/team-embedding";
import { editorFrameAncestors } from "../../embedding/embed-tokens";

/**
 * GET and HEAD /public/frame-ancestors/sign/:envelopeUuid and /public/frame-ancestors/d/:token —
 * the origins that may frame an embedded signing page (`/embed/sign/...`, `/embed/d/...` of the
 * signing site) — and /public/frame-ancestors/edit/:accessKey, those that may frame the web app's
 * embedded editor (`/embed/edit/<the embed token's access key>`, while the token lasts), asked by
 * the app's server (`vite preview`, or the host's `auth_request`)
 * to answer that page's `frame-ancestors`. Outside the tunnel: the answer is what the page's own
 * header then shows anyone, the origins alone (the body, and the header ready for the policy), the
 * same empty answer for an unknown page as for a team that allows none. Always 200, so that an
 * `auth_request` lets the page through with `'none'`. Registered before the tunnel middleware.
 */
export function registerPublicFrameAncestors(
  app: AppRouter,
  deps: Pick<AppDeps, "db"> & { now: () => number },
): void {
  const answer = async (page: EmbeddedPage | { kind: "edit"; accessKey: string }) => {
    const origins =
      page.kind === "edit"
        ? await editorFrameAncestors(deps, page.accessKey)
        : await frameAncestorsOf(deps, page);
    const body: FrameAncestorsResponse = { origins };
    return {
      body,
      headers: {
        [FRAME_ANCESTORS_HEADER]: origins.length > 0 ? origins.join(" ") : "'none'",
        // A changed list applies within a minute.
        "Cache-Control": "public, max-age=60",
      },
    };
  };
  app.get(`${FRAME_ANCESTORS_PATH_PREFIX}sign/:envelopeUuid`, async (c) => {
    const { body, headers } = await answer({
      kind: "sign",
      envelopeUuid: c.req.param("envelopeUuid"),
    });
    return c.json(body, 200, headers);
  });
  app.get(`${FRAME_ANCESTORS_PATH_PREFIX}d/:token`, async (c) => {
    const { body, headers } = await answer({ kind: "direct", token: c.req.param("token") });
    return c.json(body, 200, headers);
  });
  app.get(`${FRAME_ANCESTORS_PATH_PREFIX}edit/:accessKey`, async (c) => {
    const { body, headers } = await answer({ kind: "edit", accessKey: c.req.param("accessKey") });
    return c.json(body, 200, headers);
  });
}
