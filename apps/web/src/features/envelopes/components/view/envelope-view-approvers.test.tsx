import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ENVELOPE_UUID,
  RECIPIENT_UUID,
  WORKSPACE_MAIN,
  envelopeDetail,
  ok,
  recipient,
  signingRequest,
} from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;

const APPROVER = recipient({
  email: "alan@example.com",
  firstname: "Alan",
  lastname: "Turing",
  kind: "approver",
  status: "approved",
  approvedAt: "2026-03-03T10:00:00.000Z",
});

const SIGNER = {
  ...APPROVER,
  uuid: "8f3b4c5d-4444-4d4d-bd4d-000000000777",
  email: "jane@example.com",
  firstname: "Jane",
  lastname: "Doe",
  order: 2,
  step: 1,
  kind: "signer" as const,
  status: "pending" as const,
  approvedAt: null,
};

describe("envelope view with approvers", () => {
  it("shows each recipient's role and the approver's approved status", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              status: "signing",
              sentAt: "2026-03-03T09:00:00.000Z",
              recipients: [APPROVER, SIGNER],
            }),
          ),
        "/envelope/activity": () =>
          ok({
            events: [
              {
                type: "documentApproved",
                at: "2026-03-03T10:00:00.000Z",
                actor: { name: "Alan Turing", email: "alan@example.com" },
                recipients: [],
                reason: null,
                ipAddress: "198.51.100.7",
                userAgent: null,
              },
            ],
            chainValid: true,
          }),
      },
    });
    // An approver is not a signer: each role under its own heading.
    const signers = await screen.findByRole("region", { name: "Signers" });
    const approvers = screen.getByRole("region", { name: "Approvers" });
    expect(within(signers).queryByText("Alan Turing")).not.toBeInTheDocument();
    expect(within(approvers).queryByText("Jane Doe")).not.toBeInTheDocument();
    const alan = within(approvers).getByText("Alan Turing").closest("li");
    expect(alan).not.toBeNull();
    expect(within(alan as HTMLElement).getByText("Approver")).toBeInTheDocument();
    expect(within(alan as HTMLElement).getByText("Approved")).toBeInTheDocument();
    const jane = within(signers).getByText("Jane Doe").closest("li");
    expect(within(jane as HTMLElement).getByText("Signer")).toBeInTheDocument();
    expect(within(jane as HTMLElement).getByText("Pending")).toBeInTheDocument();
    expect(await screen.findByText("Document approved")).toBeInTheDocument();
  });

  it("offers an approver viewing their own envelope to approve, not to sign", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              status: "approving",
              sentAt: "2026-03-03T09:00:00.000Z",
              recipients: [{ ...APPROVER, status: "pending", approvedAt: null }, SIGNER],
              callerRecipientUuid: RECIPIENT_UUID,
            }),
          ),
        "/envelope/list-requests": () =>
          ok({
            requests: [signingRequest({ envelopeStatus: "approving", recipientKind: "approver" })],
          }),
      },
    });
    const approve = await screen.findByRole("link", { name: "Approve" });
    expect(approve).toHaveAttribute(
      "href",
      `http://localhost:5174/sign/${ENVELOPE_UUID}#token=tok_0123456789abcdef&secret=sec_0123456789abcdef`,
    );
    expect(screen.queryByRole("link", { name: "Sign" })).toBeNull();
  });
});
