import { ATTESTED_API_URL, attestedApi } from "@paraphe/attestation/testing";
import { http } from "msw";
import { setupServer } from "msw/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSignApi } from "../lib/sign-api";
import { openEnvelopeEarly } from "./start";

const BUILD = { container_bundle: "a".repeat(64), container_config: "b".repeat(64) };
const LINK = {
  envelopeUuid: "0b6c4f7e-3f1a-4c2b-9d8e-5a6b7c8d9e0f",
  token: "t".repeat(32),
  secretKey: "s".repeat(32),
};

describe("the entry's open call", () => {
  const server = setupServer();
  beforeEach(() => {
    vi.unstubAllGlobals();
    server.listen({ onUnhandledRequest: "error" });
  });
  afterEach(() => server.close());

  it("travels with the handshake's second message: two requests before its answer", async () => {
    const api = attestedApi({ measurements: BUILD, servedReferenceValues: BUILD });
    const paths: string[] = [];
    server.use(
      http.all(`${ATTESTED_API_URL}/*`, ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return api.handle(request);
      }),
    );
    const opened: unknown[] = [];
    api.responder.route = ({ path, body }) => {
      opened.push({ path, body: JSON.parse(new TextDecoder().decode(body)) as unknown });
      return {
        status: 404,
        body: new TextEncoder().encode(
          JSON.stringify({
            statusCode: 404,
            error: {
              code: "NOT_FOUND",
              message: "No such envelope.",
              suggestion: "",
              documentationUrl: "https://paraphe.org/errors/NOT_FOUND",
            },
            requestId: "r",
            timestamp: new Date(0).toISOString(),
            path,
          }),
        ),
      };
    };
    const client = createSignApi({
      apiUrl: ATTESTED_API_URL,
      appCredential: { accessKey: "paraphe-sign", secretKey: "paraphe-sign-app-credential" },
      language: () => "en",
      referenceValues: BUILD,
    });
    const opening = openEnvelopeEarly(client, LINK);
    await expect(opening).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(paths).toEqual(["/tunnel/session", "/tunnel/session"]);
    expect(api.responder.stats).toMatchObject({ finishes: 1, requests: 1, firstRequests: 1 });
    // With the screen's preview width: the test window is 1024 pixels wide at a ratio of 1.
    expect(opened).toEqual([{ path: "/envelope/open", body: { ...LINK, previewWidth: 1000 } }]);
    client.tunnel.destroy();
  });
});
