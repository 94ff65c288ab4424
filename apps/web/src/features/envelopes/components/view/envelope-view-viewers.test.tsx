import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, WORKSPACE_MAIN, envelopeDetail, ok, recipient } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;

const SIGNER = recipient({
  status: "signed",
  invitedAt: "2026-03-03T09:00:00.000Z",
  signedAt: "2026-03-03T10:00:00.000Z",
});

const VIEWER = {
  ...SIGNER,
  uuid: "8f3b4c5d-4444-4d4d-bd4d-000000000779",
  email: "vic@example.com",
  firstname: "Vic",
  lastname: "Viewer",
  order: 2,
  kind: "viewer" as const,
  status: "viewed" as const,
  signedAt: null,
  viewedAt: "2026-03-03T11:00:00.000Z",
};

describe("envelope view with a viewer and a delegation", () => {
  it("lists the viewers apart, as read, in English and French", async () => {
    const handlers = {
      "/envelope/get": () =>
        ok(
          envelopeDetail({
            status: "signing",
            sentAt: "2026-03-03T09:00:00.000Z",
            recipients: [SIGNER, VIEWER],
          }),
        ),
    };
    const { unmount } = renderApp({ path: VIEW_PATH, handlers });
    const viewers = await screen.findByRole("region", { name: "Viewers" });
    const vic = within(viewers).getByText("Vic Viewer").closest("li") as HTMLElement;
    expect(within(vic).getByText("Viewer")).toBeInTheDocument();
    expect(within(vic).getByText("Read")).toBeInTheDocument();
    unmount();
    renderApp({ path: VIEW_PATH, handlers, language: "fr" });
    const lecteurs = await screen.findByRole("region", { name: "Lecteurs" });
    expect(within(lecteurs).getByText("Lu")).toBeInTheDocument();
  });

  it("says in the activity log who a signer delegated to, and why", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(envelopeDetail({ status: "signing", sentAt: "2026-03-03T09:00:00.000Z" })),
        "/envelope/activity": () =>
          ok({
            events: [
              {
                type: "signerDelegated",
                at: "2026-03-03T09:30:00.000Z",
                actor: { name: "Jane Doe", email: "jane@example.com" },
                recipients: [],
                delegatedTo: { name: "Dana Delegate", email: "dana@example.com" },
                reason: "On leave.",
                ipAddress: null,
                userAgent: null,
              },
            ],
            chainValid: true,
          }),
      },
    });
    expect(await screen.findByText("Delegated to Dana Delegate")).toBeInTheDocument();
    expect(screen.getByText("Reason: On leave.")).toBeInTheDocument();
    expect(screen.getByText("Signer's turn delegated")).toBeInTheDocument();
  });
});
