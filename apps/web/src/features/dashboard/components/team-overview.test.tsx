import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, asRole, ok, TEST_ROLES } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("dashboard team blocks", () => {
  it("counts the members, roles and workspaces for an owner, each linking to its settings page", async () => {
    renderApp({ path: "/" });
    const team = await screen.findByRole("region", { name: "Your team" });
    const members = await within(team).findByRole("link", { name: /^Members\s*2\s*Seats/ });
    expect(members).toHaveAttribute("href", "/settings/members");
    expect(members).toHaveTextContent("Seats: 2 used, unlimited");
    expect(
      await within(team).findByRole("link", {
        name: new RegExp(`^Roles\\s*${TEST_ROLES.length}$`),
      }),
    ).toHaveAttribute("href", "/settings/roles");
    expect(await within(team).findByRole("link", { name: /^Workspaces\s*2$/ })).toHaveAttribute(
      "href",
      "/settings/workspaces",
    );
  });

  it("says whether single sign-on is configured and enabled, linking to its settings", async () => {
    const first = renderApp({ path: "/" });
    const team = await screen.findByRole("region", { name: "Your team" });
    expect(within(team).getByText("Single sign-on")).toBeInTheDocument();
    expect(await within(team).findByText("Not configured")).toBeInTheDocument();
    expect(within(team).getByRole("link", { name: "Set up single sign-on" })).toHaveAttribute(
      "href",
      "/settings/sso",
    );
    first.unmount();
    renderApp({
      path: "/",
      handlers: {
        "/sso/get": () =>
          ok({
            configuration: {
              clientId: "paraphe",
              hasClientSecret: true,
              issuerUrl: "https://id.example.com",
              authorizationUrl: "https://id.example.com/auth",
              tokenUrl: "https://id.example.com/token",
              userinfoUrl: "https://id.example.com/me",
              revocationUrl: "https://id.example.com/revoke",
              jwksUrl: "https://id.example.com/jwks",
              enabled: true,
              defaultRoleUuid: TEST_ROLES[0]?.uuid ?? "",
              callbackUrl: "http://localhost:5173/auth/oidc",
              createdAt: "2026-03-01T09:00:00.000Z",
              updatedAt: "2026-03-01T09:00:00.000Z",
            },
            callbackUrl: "http://localhost:5173/auth/oidc",
          }),
      },
    });
    const again = await screen.findByRole("region", { name: "Your team" });
    expect(await within(again).findByText("Enabled")).toBeInTheDocument();
  });

  it("shows the seats used out of the plan's total", async () => {
    renderApp({
      path: "/",
      handlers: {
        "/team/list-members": () =>
          ok({ members: [], total: 3, seats: { used: 3, total: 5 }, roles: [] }),
      },
    });
    const team = await screen.findByRole("region", { name: "Your team" });
    expect(await within(team).findByRole("link", { name: /^Members\s*3/ })).toHaveTextContent(
      "Seats: 3 of 5 used",
    );
  });

  it("asks for one member only: the block needs the total", async () => {
    const { server } = renderApp({ path: "/" });
    const team = await screen.findByRole("region", { name: "Your team" });
    await within(team).findByRole("link", { name: /^Members\s*2/ });
    expect(server.bodiesOf("/team/list-members")).toEqual([{ limit: 1 }]);
  });

  it("hides the blocks from a role that may read neither the team nor its workspaces", async () => {
    const { server } = renderApp({
      path: "/",
      handlers: asRole("Readers", [{ action: "read", subject: "Envelope" }]),
    });
    expect(await screen.findByRole("region", { name: "Your documents" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your team" })).not.toBeInTheDocument();
    expect(server.bodiesOf("/team/list-members")).toEqual([]);
    expect(server.bodiesOf("/team/list-roles")).toEqual([]);
  });

  it("shows only the workspaces to a role that may read workspaces but not the team", async () => {
    const { server } = renderApp({
      path: "/",
      handlers: asRole("Workspace readers", [{ action: "read", subject: "Workspace" }]),
    });
    const team = await screen.findByRole("region", { name: "Your team" });
    expect(await within(team).findByRole("link", { name: /^Workspaces\s*2$/ })).toBeInTheDocument();
    expect(within(team).queryByText("Members")).not.toBeInTheDocument();
    expect(within(team).queryByText("Roles")).not.toBeInTheDocument();
    expect(within(team).queryByText("Single sign-on")).not.toBeInTheDocument();
    expect(server.bodiesOf("/team/list-members")).toEqual([]);
  });

  it("says when a count fails and counts again on retry", async () => {
    let fail = true;
    const { server, user } = renderApp({
      path: "/",
      handlers: {
        "/team/list-roles": () =>
          fail ? apiError(500, "INTERNAL_ERROR") : ok({ roles: TEST_ROLES }),
      },
    });
    const team = await screen.findByRole("region", { name: "Your team" });
    const alert = await within(team).findByRole("alert");
    expect(alert).toHaveTextContent("The roles could not be counted.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(
      await within(team).findByRole("link", {
        name: new RegExp(`^Roles\\s*${TEST_ROLES.length}$`),
      }),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/team/list-roles")).toHaveLength(2);
  });

  it("says when the member belongs to no workspace", async () => {
    renderApp({ path: "/", handlers: { "/workspace/list": () => ok({ workspaces: [] }) } });
    const team = await screen.findByRole("region", { name: "Your team" });
    expect(await within(team).findByRole("link", { name: /^Workspaces\s*0/ })).toHaveTextContent(
      "You belong to no workspace yet.",
    );
  });

  it("speaks French", async () => {
    renderApp({ path: "/", language: "fr" });
    const team = await screen.findByRole("region", { name: "Votre équipe" });
    expect(await within(team).findByRole("link", { name: /^Membres\s*2/ })).toBeInTheDocument();
    expect(await within(team).findByText("Non configurée")).toBeInTheDocument();
  });
});
