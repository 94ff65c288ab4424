import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, apiError, ok, signingRequest } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const REQUESTS = [
  signingRequest({
    envelopeUuid: "7e2a3b4c-3333-4c4c-ac4c-000000000011",
    envelopeTitle: "Signed lease",
    recipientStatus: "signed",
    envelopeStatus: "complete",
  }),
  signingRequest({ envelopeTitle: "NDA to sign", recipientStatus: "pending" }),
  signingRequest({
    envelopeUuid: "7e2a3b4c-3333-4c4c-ac4c-000000000012",
    envelopeTitle: "Refused quote",
    recipientStatus: "declined",
    envelopeStatus: "declined",
  }),
  signingRequest({
    envelopeUuid: "7e2a3b4c-3333-4c4c-ac4c-000000000013",
    envelopeTitle: "Withdrawn offer",
    recipientStatus: "canceled",
    envelopeStatus: "canceled",
  }),
];

describe("inbox", () => {
  it("sorts requests into pending and completed or declined columns with the spec's mapping", async () => {
    renderApp({
      path: "/inbox",
      handlers: { "/envelope/list-requests": () => ok({ requests: REQUESTS }) },
    });
    const pending = await screen.findByRole("region", { name: /Pending/ });
    const done = screen.getByRole("region", { name: /Completed or declined/ });
    expect(within(pending).getByText("NDA to sign")).toBeInTheDocument();
    expect(within(pending).getByText("Needs your signature")).toBeInTheDocument();
    expect(within(done).getAllByRole("listitem")).toHaveLength(3);
    const lease = within(done).getByRole("link", { name: /Signed lease/ });
    expect(within(lease).getByText("Complete")).toBeInTheDocument();
    expect(
      within(within(done).getByRole("link", { name: /Withdrawn offer/ })).getByText("Declined"),
    ).toBeInTheDocument();
    expect(within(pending).getByText(/paul.durand@example.com/)).toBeInTheDocument();
  });

  it("shows a request with sign opening the signing page and decline asking for a reason", async () => {
    const { user } = renderApp({
      path: `/inbox/${ENVELOPE_UUID}`,
      handlers: { "/envelope/list-requests": () => ok({ requests: REQUESTS }) },
    });
    const sign = await screen.findByRole("link", { name: "Sign" });
    const link = `http://localhost:5174/sign/${ENVELOPE_UUID}#token=tok_0123456789abcdef&secret=sec_0123456789abcdef`;
    expect(sign).toHaveAttribute("href", link);
    expect(screen.getByRole("link", { name: "Contact the sender" })).toHaveAttribute(
      "href",
      expect.stringContaining("mailto:paul.durand@example.com"),
    );
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByRole("dialog", { name: "Decline to sign" })).toBeInTheDocument();
  });

  it("declines from a card with a required reason, and moves the card to the done column", async () => {
    let requests = REQUESTS;
    const { user, server } = renderApp({
      path: "/inbox",
      handlers: {
        "/envelope/list-requests": () => ok({ requests }),
        "/envelope/decline": () => {
          requests = REQUESTS.map((request) =>
            request.envelopeUuid === ENVELOPE_UUID
              ? { ...request, recipientStatus: "declined", envelopeStatus: "declined" }
              : request,
          );
          return ok({ recipientStatus: "declined", envelopeStatus: "declined" });
        },
      },
    });
    const pending = await screen.findByRole("region", { name: /Pending/ });
    // Only the pending request offers sign and decline.
    expect(screen.getAllByRole("button", { name: /^Decline/ })).toHaveLength(1);
    expect(within(pending).getByRole("link", { name: "Sign “NDA to sign”" })).toHaveAttribute(
      "href",
      expect.stringContaining(`/sign/${ENVELOPE_UUID}#token=`),
    );
    await user.click(within(pending).getByRole("button", { name: "Decline “NDA to sign”" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline to sign" });
    const reason = within(dialog).getByRole("textbox", { name: /Reason/ });

    await user.type(reason, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(await within(dialog).findByText("Please give a reason.")).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/decline")).toEqual([]);

    await user.clear(reason);
    await user.click(reason);
    await user.paste("x".repeat(500));
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(
      await within(dialog).findByText("At most 499 characters: shorten the reason."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/decline")).toEqual([]);

    await user.clear(reason);
    await user.type(reason, " Not the agreed price. ");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(
      await screen.findByText("You declined “NDA to sign”. The sender has been told."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/decline")).toEqual([
      {
        envelopeUuid: ENVELOPE_UUID,
        token: "tok_0123456789abcdef",
        secretKey: "sec_0123456789abcdef",
        reason: "Not the agreed price.",
      },
    ]);
    const done = screen.getByRole("region", { name: /Completed or declined/ });
    expect(await within(done).findByRole("link", { name: /NDA to sign/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Decline/ })).toBeNull();
  });

  it("keeps the reason and says why when declining fails, in French", async () => {
    const { user } = renderApp({
      path: `/inbox/${ENVELOPE_UUID}`,
      language: "fr",
      handlers: {
        "/envelope/list-requests": () => ok({ requests: REQUESTS }),
        "/envelope/decline": () => apiError(400, "ACCESS_LINK_INVALID"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Refuser" }));
    const dialog = await screen.findByRole("dialog", { name: "Refuser de signer" });
    const reason = within(dialog).getByRole("textbox", { name: /Motif/ });
    await user.type(reason, "Pas pour moi.");
    await user.click(within(dialog).getByRole("button", { name: "Refuser" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /^Erreur lors du refus\s: la demande n’a pas été refusée\./,
    );
    expect(reason).toHaveValue("Pas pour moi.");
  });

  it("does not offer the sender to contact herself when she sent it to herself", async () => {
    renderApp({
      path: `/inbox/${ENVELOPE_UUID}`,
      handlers: {
        "/envelope/list-requests": () =>
          ok({
            requests: [
              signingRequest({ sender: { name: "Léa Martin", email: "lea.martin@example.com" } }),
            ],
          }),
      },
    });
    expect(await screen.findByRole("link", { name: "Sign" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Contact the sender" })).not.toBeInTheDocument();
  });

  it("shows the inbox dot while a request is pending", async () => {
    renderApp({
      path: "/inbox",
      handlers: { "/envelope/list-requests": () => ok({ requests: REQUESTS }) },
    });
    expect(
      await screen.findByRole("link", { name: /^Inbox\s*\(Requests are waiting for you\)$/ }),
    ).toHaveAttribute("href", "/inbox");
  });
});
