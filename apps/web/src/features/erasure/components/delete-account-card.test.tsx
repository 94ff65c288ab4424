import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

async function openDialog(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Delete my account…" }));
  return screen.findByRole("alertdialog");
}

describe("deleting one's account", () => {
  it("says what the team keeps, refuses another email without calling the api, then deletes and signs out", async () => {
    const { user, server, router } = renderApp({
      path: "/settings/profile",
      handlers: {
        "/user/delete-account": () => ok({ deleted: true, teamDeleted: false }),
      },
    });
    expect(
      await screen.findByText(/your name remains in their signed documents and their activity/),
    ).toBeVisible();
    const dialog = await openDialog(user);
    const field = within(dialog).getByRole("textbox", {
      name: /Type your email, lea.martin@example.com, to confirm/,
    });
    await user.type(field, "someone@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(
      await within(dialog).findByText("This does not match: type it exactly as shown."),
    ).toBeVisible();
    expect(server.bodiesOf("/user/delete-account")).toEqual([]);

    await user.clear(field);
    await user.type(field, "Lea.Martin@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await waitFor(() =>
      expect(server.bodiesOf("/user/delete-account")).toEqual([
        { confirmEmail: "Lea.Martin@example.com" },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("tells the team's only Owner to transfer ownership or delete the team first, in French", async () => {
    const { user } = renderApp({
      path: "/settings/profile",
      language: "fr",
      handlers: {
        "/user/delete-account": () =>
          apiError(409, "CONFLICT", [{ path: "conflict", message: "sole_owner" }]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Supprimer mon compte…" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.type(within(dialog).getByRole("textbox"), "lea.martin@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer mon compte" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Vous êtes le seul propriétaire d’une équipe qui a d’autres membres",
    );
  });
});
