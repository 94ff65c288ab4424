import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, createSubscriptionHandlers } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("subscription", () => {
  it("shows the current plan, its status, period and meters, unlimited where there is no limit", async () => {
    renderApp({ path: "/settings/subscription", handlers: createSubscriptionHandlers() });
    const current = await screen.findByRole("region", { name: "Current plan: Team" });
    expect(within(current).getByText("Active")).toBeInTheDocument();
    expect(within(current).getByText("4 of 10")).toBeInTheDocument();
    expect(within(current).getByText("12 of 200")).toBeInTheDocument();
    expect(within(current).getByText("0 used, unlimited")).toBeInTheDocument();
    expect(within(current).getByText(/Nov 1, 2026 to Dec 1, 2026/)).toBeInTheDocument();
  });

  it("shows the plans monthly or annually without VAT, the recommended one marked", async () => {
    const { user } = renderApp({
      path: "/settings/subscription",
      handlers: createSubscriptionHandlers(),
    });
    const team = await screen.findByRole("listitem", { name: "Team" });
    expect(within(team).getByText("Recommended")).toBeInTheDocument();
    expect(within(team).getByText("€29.00")).toBeInTheDocument();
    expect(within(team).getByText("excl. VAT")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Annually" }));
    expect(within(team).getByText("€290.00")).toBeInTheDocument();
    expect(within(team).getByText(/per year/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "contact support" })).toHaveAttribute(
      "href",
      "/settings/support",
    );
  });

  it("says when the subscription cannot be loaded, with a way to try again", async () => {
    const { user, server } = renderApp({
      path: "/settings/subscription",
      handlers: {
        ...createSubscriptionHandlers(),
        "/subscription/get": () => apiError(500, "INTERNAL_SERVER_ERROR"),
      },
    });
    expect(await screen.findByText("The subscription could not be loaded.")).toBeInTheDocument();
    server.use(createSubscriptionHandlers());
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Current plan: Team" })).toBeInTheDocument();
  });
});
