import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app";

describe("security settings", () => {
  it("explains the protection and opens the verification details, in the settings navigation", async () => {
    const { user } = renderApp({ path: "/settings/security" });
    const nav = await screen.findByRole("navigation", { name: "Settings sections" });
    expect(within(nav).getByRole("link", { name: "Security" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await user.click(screen.getByRole("button", { name: "Show the verification details" }));
    expect(await screen.findByRole("dialog", { name: "Connection security" })).toBeInTheDocument();
  });
});
