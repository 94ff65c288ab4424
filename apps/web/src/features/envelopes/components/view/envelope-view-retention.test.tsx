import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, WORKSPACE_MAIN, envelopeDetail, ok } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;

function view(
  dates: { documentsDeleteAt?: string; documentsDeletedAt?: string },
  language: "en" | "fr" = "en",
) {
  return renderApp({
    path: VIEW_PATH,
    language,
    handlers: {
      "/envelope/get": () =>
        ok(
          envelopeDetail({
            status: "complete",
            sentAt: "2026-03-03T09:00:00.000Z",
            completedAt: "2026-03-04T09:00:00.000Z",
            documentsDeleteAt: null,
            documentsDeletedAt: null,
            ...dates,
          }),
        ),
    },
  });
}

describe("envelope view under the team's retention policy", () => {
  it("says when the documents will be deleted", async () => {
    view({ documentsDeleteAt: "2026-06-02T09:00:00.000Z" });
    expect(
      await screen.findByText(/retention policy will delete this envelope's documents on/),
    ).toHaveTextContent("2026");
  });

  it("says when they were deleted and that the proof remains, in French too", async () => {
    view({ documentsDeletedAt: "2026-06-02T09:00:00.000Z" }, "fr");
    expect(
      await screen.findByText(/a supprimé les documents de cette enveloppe le/),
    ).toHaveTextContent("La preuve et l’historique restent disponibles.");
  });
});
