import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NEW_PROFILE, TEST_PROFILE, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const newPerson = { handlers: { "/user/profile": () => ok(NEW_PROFILE) } };

describe("team onboarding", () => {
  it("requires a team name of at least 3 characters, a first name and a last name", async () => {
    const { user, server } = renderApp({ path: "/onboarding/team", ...newPerson });
    await user.click(await screen.findByRole("button", { name: "Create the team" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(3);

    await user.type(screen.getByRole("textbox", { name: /Team name/ }), "AB");
    await user.click(screen.getByRole("button", { name: "Create the team" }));
    expect(await screen.findByText("This is too short.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/create")).toEqual([]);
  });

  it("creates the team, updates the profile and reaches the dashboard with the team's name", async () => {
    const { user, server, router } = renderApp({ path: "/onboarding/team", ...newPerson });
    await user.type(await screen.findByRole("textbox", { name: /Team name/ }), " Atelier Duval ");
    await user.type(screen.getByRole("textbox", { name: /First name/ }), "Camille");
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "Duval");
    await user.click(screen.getByRole("button", { name: "Create the team" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(server.bodiesOf("/team/create")).toEqual([
      { name: "Atelier Duval", firstname: "Camille", lastname: "Duval" },
    ]);
    expect(
      await screen.findByRole("heading", { name: "Welcome, Camille Duval" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Team: Atelier Duval")).toBeInTheDocument();
    expect(server.bodiesOf("/user/profile")).toHaveLength(1);
  });

  it("prefills the names already known", async () => {
    renderApp({
      path: "/onboarding/team",
      handlers: {
        "/user/profile": () => ok({ ...NEW_PROFILE, firstname: "Camille", lastname: "Duval" }),
      },
    });
    expect(await screen.findByRole("textbox", { name: /First name/ })).toHaveValue("Camille");
    expect(screen.getByRole("textbox", { name: /Last name/ })).toHaveValue("Duval");
  });

  it("sends a person who already has a team to the dashboard", async () => {
    const { router } = renderApp({ path: "/onboarding/team" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

describe("team onboarding with an invitation", () => {
  it("offers to join the team that invited the person, and lands them in its default workspace", async () => {
    let profile = NEW_PROFILE;
    const { user, server, router } = renderApp({
      path: "/onboarding/team",
      handlers: {
        "/user/profile": () => ok(profile),
        "/team/my-invitations": () =>
          ok({
            invitations: [
              {
                uuid: "c0000000-0000-4000-8000-000000000001",
                teamName: "Atelier Martin",
                inviterName: "Léa Martin",
                roleName: "Member",
                expiresAt: "2099-03-17T10:00:00.000Z",
              },
            ],
          }),
        "/team/join": () => {
          profile = { ...TEST_PROFILE, email: NEW_PROFILE.email };
          return ok({ teamUuid: "team-1", defaultWorkspaceUuid: "ws-1" });
        },
      },
    });
    expect(await screen.findByText("Léa Martin invites you as Member.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Join Atelier Martin" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/envelopes/ws-1/all"));
    expect(server.bodiesOf("/team/join")).toEqual([
      { invitationUuid: "c0000000-0000-4000-8000-000000000001" },
    ]);
  });
});
