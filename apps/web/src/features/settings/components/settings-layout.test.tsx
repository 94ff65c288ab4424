import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asRole } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const linkNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("settings navigation", () => {
  it("lists every settings page under the headings Account and Team", async () => {
    renderApp({ path: "/settings/profile" });
    const nav = await screen.findByRole("navigation", { name: "Settings sections" });
    expect(within(nav).getByRole("heading", { name: "Account" })).toBeInTheDocument();
    expect(within(nav).getByRole("heading", { name: "Team" })).toBeInTheDocument();
    expect(linkNames(within(nav).getByRole("list", { name: "Account" }))).toEqual([
      "Profile",
      "Sessions",
      "Passkeys",
      "Security",
      "Support",
    ]);
    expect(linkNames(within(nav).getByRole("list", { name: "Team" }))).toEqual([
      "Members",
      "Roles",
      "Workspaces",
      "Tags",
      "Single sign-on",
      "Branding",
      "Messages",
      "Mail sender",
      "Embedding",
      "Retention",
      "API keys",
      "Webhooks",
      "Subscription",
      "Usage",
    ]);
    expect(within(nav).getByRole("link", { name: "Roles" })).toHaveAttribute(
      "href",
      "/settings/roles",
    );
  });

  it("marks the current page, in either group", async () => {
    renderApp({ path: "/settings/roles" });
    const nav = await screen.findByRole("navigation", { name: "Settings sections" });
    expect(within(nav).getByRole("link", { name: "Roles" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Profile" })).not.toHaveAttribute("aria-current");
  });

  it("marks Single sign-on as current on its setup guides", async () => {
    renderApp({ path: "/settings/sso-tutorial" });
    const nav = await screen.findByRole("navigation", { name: "Settings sections" });
    expect(within(nav).getByRole("link", { name: "Single sign-on" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Profile" })).not.toHaveAttribute("aria-current");
  });

  it("shows the team pages to a Viewer, who may read them", async () => {
    renderApp({ path: "/settings/profile", handlers: asRole("Viewer") });
    const nav = await screen.findByRole("navigation", { name: "Settings sections" });
    expect(linkNames(within(nav).getByRole("list", { name: "Team" }))).toEqual([
      "Members",
      "Roles",
      "Workspaces",
      "Tags",
      "Subscription",
      "Usage",
    ]);
  });

  it("hides the team pages a role may not read", async () => {
    renderApp({
      path: "/settings/profile",
      handlers: asRole("Workspace readers", [{ action: "read", subject: "Workspace" }]),
    });
    const nav = await screen.findByRole("navigation", { name: "Settings sections" });
    expect(linkNames(within(nav).getByRole("list", { name: "Team" }))).toEqual(["Workspaces"]);
  });

  it("drops the Team heading when the role may read no team page", async () => {
    renderApp({
      path: "/settings/profile",
      handlers: asRole("Readers", [{ action: "read", subject: "Envelope" }]),
    });
    const nav = await screen.findByRole("navigation", { name: "Settings sections" });
    expect(within(nav).getByRole("list", { name: "Account" })).toBeInTheDocument();
    expect(within(nav).queryByRole("heading", { name: "Team" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Members" })).not.toBeInTheDocument();
  });

  it("speaks French", async () => {
    renderApp({ path: "/settings/profile", language: "fr" });
    const nav = await screen.findByRole("navigation", { name: "Sections des paramètres" });
    expect(within(nav).getByRole("heading", { name: "Compte" })).toBeInTheDocument();
    expect(within(nav).getByRole("heading", { name: "Équipe" })).toBeInTheDocument();
  });
});
