import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  ENVELOPE_UUID,
  RECIPIENT_UUID,
  WORKSPACE_MAIN,
  envelopeDetail,
  ok,
} from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;
const ATTACHMENT_UUID = "5a6b7c8d-1111-4e2f-9a3b-4c5d6e7f8a9b";

const ATTACHMENT = {
  uuid: ATTACHMENT_UUID,
  fieldUuid: "6b7c8d9e-2222-4f3a-8b4c-5d6e7f8a9b0c",
  recipientUuid: RECIPIENT_UUID,
  by: "Zoë Łukasiewicz",
  filename: "passport.pdf",
  contentType: "application/pdf",
  size: 2048,
  sha256: "a".repeat(64),
  createdAt: "2026-03-03T10:00:00.000Z",
};

const getComplete = () =>
  ok(
    envelopeDetail({
      status: "complete",
      sentAt: "2026-03-03T09:00:00.000Z",
      completedAt: "2026-03-03T10:00:00.000Z",
    }),
  );

function view(language: "en" | "fr", downloads: unknown[] = []) {
  return renderApp({
    path: VIEW_PATH,
    language,
    handlers: {
      "/envelope/get": getComplete,
      "/envelope/list-envelope-attachments": () => ok({ attachments: [ATTACHMENT] }),
      "/envelope/download-attachment": ({ body }) => {
        downloads.push(body);
        return ok({ filename: "passport.pdf", contentType: "application/pdf", data: "JVBERi0=" });
      },
    },
  });
}

describe("envelope view with signers' attachments", () => {
  it("lists each file with who attached it and downloads it", async () => {
    const downloads: unknown[] = [];
    view("en", downloads);
    const section = await screen.findByRole("region", { name: "Signers' attachments" });
    expect(within(section).getByText("passport.pdf")).toBeInTheDocument();
    expect(within(section).getByText("Attached by Zoë Łukasiewicz")).toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Download passport.pdf" }));
    await waitFor(() =>
      expect(downloads).toEqual([{ envelopeUuid: ENVELOPE_UUID, attachmentUuid: ATTACHMENT_UUID }]),
    );
  });

  it("says it in French", async () => {
    view("fr");
    const section = await screen.findByRole("region", { name: "Pièces jointes des signataires" });
    expect(within(section).getByText("Jointe par Zoë Łukasiewicz")).toBeInTheDocument();
    expect(
      within(section).getByRole("button", { name: "Télécharger passport.pdf" }),
    ).toBeInTheDocument();
  });

  it("says in the activity log which file a signer attached, with its hash", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": getComplete,
        "/envelope/activity": () =>
          ok({
            chainValid: true,
            events: [
              {
                type: "documentSigned",
                at: "2026-03-03T10:00:00.000Z",
                actor: { name: "Zoë Łukasiewicz", email: "zoe@example.com" },
                recipients: [],
                reason: null,
                ipAddress: null,
                userAgent: null,
                attachments: [{ name: "passport.pdf", size: 2048, sha256: "a".repeat(64) }],
              },
            ],
          }),
      },
    });
    expect(
      await screen.findByText(`Attached passport.pdf (SHA-256 ${"a".repeat(64)})`),
    ).toBeInTheDocument();
  });

  it("shows nothing while no signer attached a file", async () => {
    renderApp({ path: VIEW_PATH, handlers: { "/envelope/get": getComplete } });
    await screen.findByRole("heading", { name: "Activity log" });
    expect(screen.queryByRole("region", { name: "Signers' attachments" })).toBeNull();
  });
});
