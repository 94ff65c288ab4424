import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, WORKSPACE_MAIN, envelopeDetail, ok, recipient } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;

const SIGNER = recipient({
  invitedAt: "2026-03-03T09:00:00.000Z",
});

const COPY = {
  ...SIGNER,
  uuid: "8f3b4c5d-4444-4d4d-bd4d-000000000778",
  email: "grace@example.com",
  firstname: "Grace",
  lastname: "Hopper",
  order: 2,
  kind: "cc" as const,
  invitedAt: null,
};

function view(status: "signing" | "complete", language: "en" | "fr" = "en") {
  return renderApp({
    path: VIEW_PATH,
    language,
    handlers: {
      "/envelope/get": () =>
        ok(
          envelopeDetail({
            status,
            sentAt: "2026-03-03T09:00:00.000Z",
            recipients: [
              status === "complete"
                ? { ...SIGNER, status: "signed", signedAt: "2026-03-03T10:00:00.000Z" }
                : SIGNER,
              COPY,
            ],
          }),
        ),
    },
  });
}

describe("envelope view with a recipient in copy", () => {
  it("lists the copy apart, as a copy sent at the end, never as pending", async () => {
    view("signing");
    const copies = await screen.findByRole("region", { name: "In copy" });
    const signers = screen.getByRole("region", { name: "Signers" });
    expect(within(signers).queryByText("Grace Hopper")).not.toBeInTheDocument();
    const grace = within(copies).getByText("Grace Hopper").closest("li") as HTMLElement;
    expect(within(grace).getByText("Copy")).toBeInTheDocument();
    expect(within(grace).getByText("Copy at the end")).toBeInTheDocument();
    expect(within(grace).queryByText("Pending")).not.toBeInTheDocument();
    expect(within(grace).queryByRole("button", { name: /invitation/i })).toBeNull();
  });

  it("names the copies apart in the activity log", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              status: "signing",
              sentAt: "2026-03-03T09:00:00.000Z",
              recipients: [SIGNER, COPY],
            }),
          ),
        "/envelope/activity": () =>
          ok({
            events: [
              {
                type: "envelopeSent",
                at: "2026-03-03T09:00:00.000Z",
                actor: { name: "Ada Lovelace", email: "ada@example.com" },
                recipients: [{ name: "Jane Doe", email: "jane@example.com" }],
                copied: [{ name: "Grace Hopper", email: "grace@example.com" }],
                reason: null,
                ipAddress: null,
                userAgent: null,
              },
            ],
            chainValid: true,
          }),
      },
    });
    expect(await screen.findByText("In copy: Grace Hopper")).toBeInTheDocument();
    expect(screen.getByText("Recipients: Jane Doe")).toBeInTheDocument();
  });

  it("says the copy was sent once the envelope is complete, in French too", async () => {
    view("complete", "fr");
    const copies = await screen.findByRole("region", { name: "En copie" });
    expect(within(copies).getByText("Copie envoyée")).toBeInTheDocument();
    expect(within(copies).getByText("Copie")).toBeInTheDocument();
  });
});
