import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, ok, signingRequest } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const APPROVAL = signingRequest({
  envelopeTitle: "Budget to approve",
  envelopeStatus: "approving",
  recipientStatus: "pending",
  recipientKind: "approver",
});

describe("approval requests in the inbox", () => {
  it("says 'Requires your approval' on the card of an approver's pending request", async () => {
    renderApp({
      path: "/inbox",
      handlers: { "/envelope/list-requests": () => ok({ requests: [APPROVAL] }) },
    });
    const pending = await screen.findByRole("region", { name: /Pending/ });
    const card = within(pending).getByRole("link", { name: /Budget to approve/ });
    expect(within(card).getByText("Requires your approval")).toBeInTheDocument();
    expect(within(card).queryByText("Needs your signature")).toBeNull();
  });

  it("offers Approve and Reject, both opening the signing page", async () => {
    renderApp({
      path: `/inbox/${ENVELOPE_UUID}`,
      handlers: { "/envelope/list-requests": () => ok({ requests: [APPROVAL] }) },
    });
    const approve = await screen.findByRole("link", { name: "Approve" });
    const link = `http://localhost:5174/sign/${ENVELOPE_UUID}#token=tok_0123456789abcdef&secret=sec_0123456789abcdef`;
    expect(approve).toHaveAttribute("href", link);
    expect(screen.getByRole("link", { name: "Reject" })).toHaveAttribute("href", link);
    expect(screen.queryByRole("link", { name: "Sign" })).toBeNull();
  });
});
