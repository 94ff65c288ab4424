import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOOLTIP_DELAY_MS, Tooltip } from "./tooltip";

describe("Tooltip", () => {
  it("uses the spec's 200 ms delay", () => {
    expect(TOOLTIP_DELAY_MS).toBe(200);
  });

  it("works without a provider and describes its trigger on focus", async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Verified environment">
        <button type="button">Security</button>
      </Tooltip>,
    );
    await user.tab();
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip).toHaveTextContent("Verified environment");
    expect(screen.getByRole("button", { name: "Security" })).toHaveAccessibleDescription(
      "Verified environment",
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("opens on hover only after the delay", async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Status">
        <button type="button">Security</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole("button", { name: "Security" }));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, TOOLTIP_DELAY_MS + 50));
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Status");
  });
});
