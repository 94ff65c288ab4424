import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { navItems, renderAnchor } from "../test/nav-fixtures";
import { AppShell } from "./app-shell";
import { useAppShell } from "./app-shell-context";
import { SideNav } from "./side-nav";

function HeaderLink() {
  const { closeDrawer, placement } = useAppShell();
  return (
    <button type="button" data-placement={placement} onClick={closeDrawer}>
      Close from context
    </button>
  );
}

function Shell({ locationKey }: { locationKey?: string }) {
  const [collapsed, setCollapsed] = useState(true);
  return (
    <AppShell
      nav={
        <SideNav
          items={navItems}
          collapsed={collapsed}
          onCollapsedChange={setCollapsed}
          collapseLabel="Collapse navigation"
          expandLabel="Expand navigation"
          label="Main navigation"
          renderLink={renderAnchor}
        />
      }
      logo={<span>Paraphe</span>}
      header={<span>Desktop header</span>}
      mobileTitle="Documents"
      menuLabel="Menu"
      closeMenuLabel="Close menu"
      locationKey={locationKey}
    >
      <p>Page content</p>
      <HeaderLink />
    </AppShell>
  );
}

const menuButton = () => screen.getByRole("button", { name: "Menu" });

async function openDrawer() {
  const user = userEvent.setup();
  await user.click(menuButton());
  const drawer = await screen.findByRole("dialog", { name: "Menu" });
  return { user, drawer };
}

describe("AppShell", () => {
  it("has a mobile header with the page title and a collapsed menu toggle", () => {
    render(<Shell />);
    expect(screen.getByText("Documents")).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Page content");
  });

  it("opens the navigation in a drawer, always expanded, with focus inside", async () => {
    render(<Shell />);
    const { drawer } = await openDrawer();
    // While the modal drawer is open, the rest of the page is hidden from assistive technology.
    const toggle = screen.getByRole("button", { name: "Menu", hidden: true });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAttribute("aria-controls", drawer.id);
    expect(screen.queryByRole("main")).not.toBeInTheDocument();
    const nav = within(drawer).getByRole("navigation", { name: "Main navigation" });
    // The app's `collapsed` is true, but the drawer shows labels and no collapse toggle.
    expect(within(nav).getByText("Inbox")).not.toHaveClass("sr-only");
    expect(within(drawer).queryByRole("button", { name: /navigation/ })).not.toBeInTheDocument();
    expect(drawer.contains(document.activeElement)).toBe(true);
  });

  it("closes the drawer on Escape and gives focus back to the menu toggle", async () => {
    render(<Shell />);
    const { user } = await openDrawer();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    expect(menuButton()).toHaveFocus();
  });

  it("closes the drawer on a click on the backdrop", async () => {
    render(<Shell />);
    const { user } = await openDrawer();
    const backdrop = document.querySelector("[data-slot='drawer-backdrop']");
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as Element);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes the drawer with its close button", async () => {
    render(<Shell />);
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps keyboard focus inside the open drawer", async () => {
    render(<Shell />);
    const { user, drawer } = await openDrawer();
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
    }
  });

  it("closes the drawer when a navigation link is followed", async () => {
    render(<Shell />);
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole("link", { name: /^Inbox/ }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes the drawer when the location changes", async () => {
    const { rerender } = render(<Shell locationKey="/envelopes" />);
    await openDrawer();
    rerender(<Shell locationKey="/inbox" />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("exposes closeDrawer and the placement through useAppShell", async () => {
    render(<Shell />);
    const button = screen.getByRole("button", { name: "Close from context" });
    expect(button).toHaveAttribute("data-placement", "page");
    await openDrawer();
    act(() => button.click());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes the drawer when the window grows to the desktop layout", async () => {
    const listeners = new Set<() => void>();
    let desktop = false;
    vi.stubGlobal("matchMedia", (query: string) => ({
      media: query,
      get matches() {
        return query === "(min-width: 1024px)" && desktop;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    render(<Shell />);
    await openDrawer();
    act(() => {
      desktop = true;
      listeners.forEach((listener) => listener());
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("useAppShell throws outside an AppShell", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<HeaderLink />)).toThrow("useAppShell must be used inside <AppShell>");
  });
});
