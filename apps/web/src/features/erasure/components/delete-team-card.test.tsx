import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEST_PROFILE, apiError, ok, profileWithRole } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const RETENTION_OFF = { policy: { days: null, scope: "documents" } };

function members(total: number) {
  return ok({ members: [], total, seats: { used: total, total: null }, roles: [] });
}

describe("deleting the team", () => {
  it("counts the members who lose access, asks for the team's name, then deletes it", async () => {
    // As the api answers: once the team is deleted, the profile has none (the onboarding would
    // otherwise send a member of a team on to the dashboard).
    let deleted = false;
    const { user, server, router } = renderApp({
      path: "/settings/retention",
      handlers: {
        "/retention/get": () => ok(RETENTION_OFF),
        "/team/list-members": () => members(3),
        "/team/delete": () => {
          deleted = true;
          return ok({ scheduled: true });
        },
        "/user/profile": () => ok(deleted ? { ...TEST_PROFILE, team: null } : TEST_PROFILE),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete the team…" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Atelier Martin?" });
    expect(await within(dialog).findByText("3 members lose access to the team.")).toBeVisible();
    const field = within(dialog).getByRole("textbox", {
      name: /Type the team's name, Atelier Martin, to confirm/,
    });
    await user.type(field, "atelier martin");
    await user.click(within(dialog).getByRole("button", { name: "Delete the team" }));
    expect(
      await within(dialog).findByText("This does not match: type it exactly as shown."),
    ).toBeVisible();
    expect(server.bodiesOf("/team/delete")).toEqual([]);

    await user.clear(field);
    await user.type(field, "Atelier Martin");
    await user.click(within(dialog).getByRole("button", { name: "Delete the team" }));
    await waitFor(() =>
      expect(server.bodiesOf("/team/delete")).toEqual([{ confirmName: "Atelier Martin" }]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/onboarding/team"));
    // And stays there.
    expect(await screen.findByRole("textbox", { name: /Team name/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/onboarding/team");
  });

  it("says one member in French (real plural), and the api's refusal", async () => {
    const { user } = renderApp({
      path: "/settings/retention",
      language: "fr",
      handlers: {
        "/retention/get": () => ok(RETENTION_OFF),
        "/team/list-members": () => members(1),
        "/team/delete": () => apiError(403, "FORBIDDEN"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Supprimer l’équipe…" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(await within(dialog).findByText("1 membre perd l’accès à l’équipe.")).toBeVisible();
    await user.type(within(dialog).getByRole("textbox"), TEST_PROFILE.team?.name ?? "");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer l’équipe" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Vous n’avez pas l’autorisation",
    );
  });

  it("is not offered to an Admin", async () => {
    renderApp({
      path: "/settings/retention",
      loadProfile: async () => profileWithRole("Admin"),
      handlers: { "/retention/get": () => apiError(403, "FORBIDDEN") },
    });
    expect(await screen.findByText(/The retention policy could not be loaded/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Delete the team…" })).toBeNull();
  });
});
