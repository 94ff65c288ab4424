import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, ok, signingRequest } from "../../../test/api";
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

  it("shows a request with sign and decline opening the signing page", async () => {
    renderApp({
      path: `/inbox/${ENVELOPE_UUID}`,
      handlers: { "/envelope/list-requests": () => ok({ requests: REQUESTS }) },
    });
    const sign = await screen.findByRole("link", { name: "Sign" });
    const link = `http://localhost:5174/sign/${ENVELOPE_UUID}#token=tok_0123456789abcdef&secret=sec_0123456789abcdef`;
    expect(sign).toHaveAttribute("href", link);
    expect(screen.getByRole("link", { name: "Decline" })).toHaveAttribute("href", link);
    expect(screen.getByRole("link", { name: "Contact the sender" })).toHaveAttribute(
      "href",
      expect.stringContaining("mailto:paul.durand@example.com"),
    );
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
