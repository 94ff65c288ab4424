import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NEW_PROFILE, TEST_PROFILE, apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const TOKEN = "tok_abcdefghijklmnop";
const invite = {
  email: NEW_PROFILE.email,
  teamName: "Atelier Martin",
  inviterName: "Léa Martin",
  roleName: "Member",
  expiresAt: "2099-03-17T10:00:00.000Z",
};
const path = `/accept-team-invite#token=${TOKEN}`;

describe("accepting a team invitation", () => {
  it("shows the team, the inviter and the role, and sends a visitor through the login with the invited email", async () => {
    const { user, router, server } = renderApp({
      path,
      user: null,
      handlers: { "/team/view-invite": () => ok(invite) },
    });
    expect(
      await screen.findByText("Léa Martin invites you to join Atelier Martin as Member."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/team/view-invite")).toEqual([{ token: TOKEN }]);
    await user.click(screen.getByRole("button", { name: "Sign in to accept" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.hash).toBe(`#email=${encodeURIComponent(NEW_PROFILE.email)}`);
    expect(router.state.location.state).toEqual({
      from: { pathname: "/accept-team-invite", search: "", hash: `#token=${TOKEN}` },
    });
  });

  it("reads the token from the link's fragment, then removes it from the address bar and keeps it for the page", async () => {
    const { router, server } = renderApp({
      path: `/accept-team-invite?lng=en#token=${TOKEN}`,
      user: null,
      handlers: { "/team/view-invite": () => ok(invite) },
    });
    expect(
      await screen.findByText("Léa Martin invites you to join Atelier Martin as Member."),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(""));
    expect(router.state.location.search).toBe("?lng=en");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(server.bodiesOf("/team/view-invite")).toEqual([{ token: TOKEN }]);
  });

  it("still opens an older link with the token in the query, and removes it from the address bar", async () => {
    const { router, server } = renderApp({
      path: `/accept-team-invite?token=${TOKEN}`,
      user: null,
      handlers: { "/team/view-invite": () => ok(invite) },
    });
    expect(
      await screen.findByText("Léa Martin invites you to join Atelier Martin as Member."),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.hash).toBe("");
    expect(server.bodiesOf("/team/view-invite")).toEqual([{ token: TOKEN }]);
  });

  it("lets the signed-in invitee accept and lands them in the team's default workspace", async () => {
    let profile = NEW_PROFILE;
    const { user, router, server } = renderApp({
      path,
      handlers: {
        "/user/profile": () => ok(profile),
        "/team/view-invite": () => ok(invite),
        "/team/accept-invite": () => {
          profile = { ...TEST_PROFILE, email: NEW_PROFILE.email };
          return ok({ teamUuid: "team-1", defaultWorkspaceUuid: "ws-1" });
        },
      },
    });
    // Every place the router goes (the workspace's list may send on elsewhere once it loads).
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await user.click(await screen.findByRole("button", { name: "Accept the invitation" }));
    await waitFor(() => expect(visited).toContain("/envelopes/ws-1/all"));
    expect(server.bodiesOf("/team/accept-invite")).toEqual([{ token: TOKEN }]);
  });

  it("says when the signed-in account is not the invited one, without an Accept button", async () => {
    renderApp({
      path,
      handlers: {
        "/team/view-invite": () => ok({ ...invite, email: "someone.else@example.com" }),
      },
    });
    expect(
      await screen.findByText(/You are signed in as lea.martin@example.com/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept the invitation" })).not.toBeInTheDocument();
  });

  it("says when the invitation cannot be fetched (revoked or expired)", async () => {
    renderApp({
      path,
      user: null,
      handlers: { "/team/view-invite": () => apiError(404, "INVITATION_INVALID") },
    });
    expect(await screen.findByText("The invitation could not be loaded.")).toBeInTheDocument();
    expect(
      screen.getByText(
        "This invitation does not exist, was revoked or has expired. Ask for a new one.",
      ),
    ).toBeInTheDocument();
  });

  it("says when accepting fails", async () => {
    const { user } = renderApp({
      path,
      handlers: {
        "/user/profile": () => ok(NEW_PROFILE),
        "/team/view-invite": () => ok(invite),
        "/team/accept-invite": () => apiError(409, "SEATS_FULL"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Accept the invitation" }));
    expect(await screen.findByText("The invitation could not be accepted.")).toBeInTheDocument();
  });
});
