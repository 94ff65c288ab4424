import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, signingRequest } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("dashboard", () => {
  it("shows the counts and only the first 5 requests, pending first", async () => {
    const requests = Array.from({ length: 7 }, (_, index) =>
      signingRequest({
        envelopeUuid: `7e2a3b4c-3333-4c4c-ac4c-0000000001${String(index).padStart(2, "0")}`,
        envelopeTitle: `Request ${index}`,
        recipientStatus: index === 6 ? "pending" : "signed",
      }),
    );
    renderApp({
      path: "/",
      handlers: { "/envelope/list-requests": () => ok({ requests }) },
    });
    const recent = await screen.findByRole("region", { name: "Recent requests" });
    const items = await within(recent).findAllByRole("listitem");
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent("Request 6");
    const counts = screen.getByRole("region", { name: "Your documents" });
    expect(await within(counts).findByText("3")).toBeInTheDocument();
    expect(within(counts).getByRole("link", { name: /Pending signature\s*2/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upload a document" })).toHaveAttribute(
      "href",
      "/envelopes?upload=1",
    );
  });

  it("names the person's managed role in the interface language", async () => {
    renderApp({ path: "/", language: "fr" });
    expect(await screen.findByText("Propriétaire")).toBeInTheDocument();
    expect(screen.queryByText("Owner")).not.toBeInTheDocument();
  });
});
