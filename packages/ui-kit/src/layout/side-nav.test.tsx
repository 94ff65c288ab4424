import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TooltipProvider } from "../components/tooltip";
import { navItems, renderAnchor } from "../test/nav-fixtures";
import { SideNav } from "./side-nav";

function renderNav(collapsed: boolean, onCollapsedChange = vi.fn()) {
  render(
    <TooltipProvider>
      <SideNav
        items={navItems}
        collapsed={collapsed}
        onCollapsedChange={onCollapsedChange}
        collapseLabel="Collapse navigation"
        expandLabel="Expand navigation"
        label="Main navigation"
        renderLink={renderAnchor}
      />
    </TooltipProvider>,
  );
  return onCollapsedChange;
}

describe("SideNav", () => {
  it("is a labelled navigation landmark with one link per item", () => {
    renderNav(false);
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/", "/inbox", "/templates"]);
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("gives the dot badge an accessible label as part of the link", () => {
    renderNav(false);
    const inbox = screen.getByRole("link", { name: /^Inbox/ });
    expect(inbox).toHaveAccessibleName(expect.stringContaining("Pending requests"));
    expect(screen.getByRole("link", { name: "Templates" })).not.toHaveAccessibleName(
      expect.stringContaining("Pending requests"),
    );
  });

  it("collapsed, keeps labels for screen readers (and the dot label) but not on screen", () => {
    renderNav(true);
    const inbox = screen.getByRole("link", { name: /^Inbox/ });
    expect(inbox).toHaveAccessibleName(expect.stringContaining("Pending requests"));
    expect(within(inbox).getByText("Inbox")).toHaveClass("sr-only");
  });

  it("collapsed, shows the item's label in a tooltip on keyboard focus", async () => {
    const user = userEvent.setup();
    renderNav(true);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Dashboard");
    await user.tab();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Inbox");
  });

  it("collapsed, shows the tooltip on hover", async () => {
    const user = userEvent.setup();
    renderNav(true);
    await user.hover(screen.getByRole("link", { name: "Templates" }));
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Templates");
  });

  it("expanded, shows no tooltips", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      renderNav(false);
      await user.tab();
      await user.hover(screen.getByRole("link", { name: "Templates" }));
      // Well past any tooltip delay.
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the toggle names the next action and reports the change", async () => {
    const user = userEvent.setup();
    const onChange = renderNav(false);
    const collapse = screen.getByRole("button", { name: "Collapse navigation" });
    expect(collapse).toHaveAttribute("aria-expanded", "true");
    await user.click(collapse);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("collapsed, the toggle offers to expand", async () => {
    const user = userEvent.setup();
    const onChange = renderNav(true);
    const expand = screen.getByRole("button", { name: "Expand navigation" });
    expect(expand).toHaveAttribute("aria-expanded", "false");
    await user.click(expand);
    expect(onChange).toHaveBeenCalledWith(false);
  });
});
