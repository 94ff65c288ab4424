import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WORKSPACE_MAIN, apiError, envelopeDetail, ok, ENVELOPE_UUID } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";
import { preparingPollMs, previewProgress } from "./preparing-pages";

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

describe("preparing pages after an upload", () => {
  it("counts the pages ready over every document, all of them when the api does not say", () => {
    const [document] = envelopeDetail().documents;
    if (!document) throw new Error("no document");
    expect(previewProgress([{ ...document, previewsReady: 1 }, document])).toEqual({
      ready: 3,
      total: 4,
    });
  });

  it("asks again 1 s after, then a growing wait up to 5 s", () => {
    expect([0, 1, 2, 3, 4, 5].map(preparingPollMs)).toEqual([1000, 1500, 2250, 3375, 5000, 5000]);
  });

  it("shows the pages ready out of all until every page is ready, and a page that cannot be drawn as such", async () => {
    const detail = envelopeDetail();
    const [document] = detail.documents;
    if (!document) throw new Error("no document");
    let ready = 0;
    renderApp({
      path: EDIT_PATH,
      handlers: {
        "/envelope/get": () =>
          ok({ ...detail, documents: [{ ...document, previewsReady: Math.min(2, ready++) }] }),
        "/envelope/page-preview": () =>
          apiError(409, "CONFLICT", [
            { path: "conflict", code: "conflict", message: "preview_failed" },
          ]),
      },
    });
    expect(await screen.findByText("Preparing pages 0 / 2")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId("preparing-pages")).toBeNull(), {
      timeout: 8_000,
    });
    const failed = await screen.findAllByTestId("page-preview-failed");
    expect(failed[0]).toHaveAccessibleName(/This page cannot be drawn .*: no signer could read it/);
  }, 15_000);

  it("counts the pages that cannot be drawn as settled, and names them before Send is clicked", async () => {
    const detail = envelopeDetail();
    const [document] = detail.documents;
    if (!document) throw new Error("no document");
    expect(previewProgress([{ ...document, previewsReady: 1, unreadablePages: [1] }])).toEqual({
      ready: 2,
      total: 2,
    });
    renderApp({
      path: EDIT_PATH,
      handlers: {
        "/envelope/get": () =>
          ok({ ...detail, documents: [{ ...document, previewsReady: 1, unreadablePages: [1] }] }),
      },
    });
    const notice = await screen.findByTestId("unreadable-pages");
    expect(notice).toHaveTextContent(
      "Page 2 of agreement.pdf cannot be drawn: no signer could read it, so this envelope cannot be sent.",
    );
    expect(notice).toHaveTextContent(/Use a copy of the document whose every page opens/);
    expect(screen.queryByTestId("preparing-pages")).toBeNull();
  });

  it("names the pages that cannot be drawn in French, with French plurals", async () => {
    const detail = envelopeDetail();
    const [document] = detail.documents;
    if (!document) throw new Error("no document");
    renderApp({
      path: EDIT_PATH,
      language: "fr",
      handlers: {
        "/envelope/get": () =>
          ok({
            ...detail,
            documents: [{ ...document, previewsReady: 0, unreadablePages: [0, 1] }],
          }),
      },
    });
    expect(await screen.findByTestId("unreadable-pages")).toHaveTextContent(
      /Les pages 1, 2 du document agreement\.pdf ne peuvent pas être dessinées\s: aucun signataire ne pourrait les lire, cette enveloppe ne peut donc pas être envoyée\./,
    );
  });
});
