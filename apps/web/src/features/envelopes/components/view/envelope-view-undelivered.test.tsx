import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UndeliveredMail } from "@paraphe/api-sdk/contract";
import { ENVELOPE_UUID, WORKSPACE_MAIN, envelopeDetail, ok } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;

const WAITING: UndeliveredMail = {
  to: "camille@example.com",
  via: "team",
  error: "ECONNREFUSED: connect ECONNREFUSED 203.0.113.5:587",
  lastAttemptAt: "2026-03-03T09:05:00.000Z",
  nextAttemptAt: "2026-03-03T09:10:00.000Z",
};

function view(undeliveredMails: UndeliveredMail[], language: "en" | "fr" = "en") {
  return renderApp({
    path: VIEW_PATH,
    language,
    handlers: {
      "/envelope/get": () =>
        ok(
          envelopeDetail({
            status: "signing",
            sentAt: "2026-03-03T09:00:00.000Z",
            undeliveredMails,
          }),
        ),
    },
  });
}

describe("envelope view with mail not delivered yet", () => {
  it("says to whom, through which server, why, and when it is tried again", async () => {
    view([WAITING, { ...WAITING, to: "alan@example.com", via: "deployment", nextAttemptAt: null }]);
    const block = await screen.findByRole("region", { name: "Mail not delivered yet" });
    const items = within(block).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(
      "To camille@example.com, through the team's server: ECONNREFUSED: connect ECONNREFUSED 203.0.113.5:587",
    );
    expect(items[0]).toHaveTextContent(/Next attempt on/);
    expect(items[1]).toHaveTextContent("through Paraphe's server");
    expect(items[1]).toHaveTextContent("No more attempts will be made.");
  });

  it("says it in French", async () => {
    view([WAITING], "fr");
    expect(
      await screen.findByRole("region", { name: "E-mails pas encore remis" }),
    ).toHaveTextContent("par le serveur de l’équipe");
  });
});
