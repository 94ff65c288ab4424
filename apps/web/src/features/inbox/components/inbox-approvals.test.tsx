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
    const card = within(pending).getByRole("link", { name: /^Budget to approve/ });
    expect(within(card).getByText("Requires your approval")).toBeInTheDocument();
    expect(within(card).queryByText("Needs your signature")).toBeNull();
  });

  it("offers Approve opening the signing page, and Reject asking for a reason here", async () => {
    let requests = [APPROVAL];
    const { user, server } = renderApp({
      path: `/inbox/${ENVELOPE_UUID}`,
      handlers: {
        "/envelope/list-requests": () => ok({ requests }),
        "/envelope/reject": () => {
          requests = [{ ...APPROVAL, recipientStatus: "declined", envelopeStatus: "declined" }];
          return ok({ recipientStatus: "declined", envelopeStatus: "declined" });
        },
      },
    });
    const approve = await screen.findByRole("link", { name: "Approve" });
    const link = `http://localhost:5174/sign/${ENVELOPE_UUID}#token=tok_0123456789abcdef&secret=sec_0123456789abcdef`;
    expect(approve).toHaveAttribute("href", link);
    expect(screen.queryByRole("link", { name: "Sign" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject the document" });
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Wrong figures.");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Nothing more to do for this request.")).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/reject")).toEqual([
      {
        envelopeUuid: ENVELOPE_UUID,
        token: "tok_0123456789abcdef",
        secretKey: "sec_0123456789abcdef",
        reason: "Wrong figures.",
      },
    ]);
    expect(server.bodiesOf("/envelope/decline")).toEqual([]);
  });
});
