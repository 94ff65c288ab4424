import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, asRole, createRoleHandlers } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("roles", () => {
  it("lists the managed and custom roles with their origin and members", async () => {
    renderApp({ path: "/settings/roles", handlers: createRoleHandlers() });
    const table = await screen.findByRole("table", { name: "The roles of your team" });
    await within(table).findByText("Legal");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(1 + 5);
    expect(within(rows[1]!).getByText("Owner")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Managed")).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
    const legal = rows.find((row) => within(row).queryByText("Legal") !== null)!;
    expect(within(legal).getByText("Custom")).toBeInTheDocument();
    expect(within(legal).getByText("2")).toBeInTheDocument();
    expect(within(legal).getByRole("button", { name: "Delete the role Legal" })).toBeEnabled();
  });

  it("opens a managed role read-only, with its rules", async () => {
    const { user } = renderApp({ path: "/settings/roles", handlers: createRoleHandlers() });
    await user.click(await screen.findByRole("button", { name: "Open the role Admin" }));
    const dialog = await screen.findByRole("dialog", { name: "Admin" });
    expect(within(dialog).getByText("A managed role cannot be changed. Its rules:")).toBeVisible();
    expect(within(dialog).getByText("Allows: Manage (every action) — Everything")).toBeVisible();
    expect(within(dialog).getByText("Denies: Delete — Team")).toBeVisible();
    expect(within(dialog).getByText("Reason: Only the owner can delete the team.")).toBeVisible();
    expect(within(dialog).queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("the rule editor says what is wrong, beside each field, and sends nothing until it is right", async () => {
    const { user, server } = renderApp({ path: "/settings/roles", handlers: createRoleHandlers() });
    await user.click(await screen.findByRole("button", { name: "New role" }));
    const dialog = await screen.findByRole("dialog", { name: "New custom role" });
    await user.click(within(dialog).getByRole("button", { name: "Advanced rules" }));
    const rule = within(dialog).getByRole("group", { name: "Rule 1" });
    await user.selectOptions(within(rule).getByRole("combobox", { name: "Action" }), "delete");
    await user.selectOptions(within(rule).getByRole("combobox", { name: "Subject" }), "Envelope");
    await user.click(within(rule).getByRole("checkbox", { name: /Deny/ }));
    await user.type(within(rule).getByRole("textbox", { name: "Fields" }), "title, 2nd");
    await user.type(
      within(rule).getByRole("textbox", { name: "Conditions" }),
      '{{"status": "draft"',
    );
    await user.click(within(dialog).getByRole("button", { name: "Create the role" }));

    expect(await within(dialog).findByText("Enter a name for the role.")).toBeVisible();
    expect(within(rule).getByText("An inverted rule needs a reason.")).toBeVisible();
    expect(within(rule).getByText(/Enter field names separated by commas/)).toBeVisible();
    expect(within(rule).getByText("The conditions are not valid JSON.")).toBeVisible();
    expect(within(rule).getByRole("textbox", { name: "Reason" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    const conditions = within(rule).getByRole("textbox", { name: "Conditions" });
    await user.clear(conditions);
    await user.type(conditions, '{{"title": {{"$regex": "^a"}}');
    await user.click(within(dialog).getByRole("button", { name: "Create the role" }));
    expect(await within(rule).findByText(/or the operators \$eq/)).toBeVisible();
    await user.clear(conditions);
    await user.type(conditions, '[["status"]');
    await user.click(within(dialog).getByRole("button", { name: "Create the role" }));
    expect(await within(rule).findByText(/must be a JSON object/)).toBeVisible();
    expect(server.bodiesOf("/team/create-role")).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Keepers");
    await user.type(within(rule).getByRole("textbox", { name: "Reason" }), "Envelopes are kept.");
    const fields = within(rule).getByRole("textbox", { name: "Fields" });
    await user.clear(fields);
    await user.type(fields, "title, status");
    await user.clear(conditions);
    await user.type(conditions, '{{"status": {{"$in": [["draft", "sent"]}}');
    await user.click(within(dialog).getByRole("button", { name: "Add a rule" }));
    await user.click(within(dialog).getByRole("button", { name: "Create the role" }));

    expect(await screen.findByText("The role Keepers has been created.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/create-role")).toEqual([
      {
        name: "Keepers",
        permissions: [
          {
            action: "delete",
            subject: "Envelope",
            conditions: { status: { $in: ["draft", "sent"] } },
            fields: ["title", "status"],
            inverted: true,
            reason: "Envelopes are kept.",
          },
          { action: "read", subject: "Envelope" },
        ],
      },
    ]);
  });

  it("creates a role through the grid: allow, forbid with a reason, in the order the api reads", async () => {
    const { user, server } = renderApp({ path: "/settings/roles", handlers: createRoleHandlers() });
    await user.click(await screen.findByRole("button", { name: "New role" }));
    const dialog = await screen.findByRole("dialog", { name: "New custom role" });
    expect(
      within(dialog).getByRole("table", { name: "Permissions by subject and action" }),
    ).toBeVisible();
    await user.click(within(dialog).getByRole("textbox", { name: "Name" }));
    await user.paste("Archivists");
    await user.selectOptions(
      within(dialog).getByRole("combobox", { name: "Update — Templates" }),
      "allow",
    );
    await user.selectOptions(
      within(dialog).getByRole("combobox", { name: "Delete — Envelopes" }),
      "forbid",
    );
    await user.click(within(dialog).getByRole("button", { name: "Create the role" }));
    expect(await within(dialog).findByText("An inverted rule needs a reason.")).toBeVisible();
    expect(server.bodiesOf("/team/create-role")).toEqual([]);
    await user.click(
      within(dialog).getByRole("textbox", { name: "Reason for forbidding Delete — Envelopes" }),
    );
    await user.paste("Kept ten years.");
    await user.click(within(dialog).getByRole("button", { name: "Create the role" }));
    expect(await screen.findByText("The role Archivists has been created.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/create-role")).toEqual([
      {
        name: "Archivists",
        permissions: [
          { action: "read", subject: "Envelope" },
          { action: "update", subject: "Template" },
          { action: "delete", subject: "Envelope", inverted: true, reason: "Kept ten years." },
        ],
      },
    ]);
  });

  it("does not offer in the grid what the editor's own role does not hold", async () => {
    const { user } = renderApp({
      path: "/settings/roles",
      handlers: {
        ...createRoleHandlers(),
        ...asRole("Roles editor", [
          { action: "update", subject: "Team" },
          { action: "read", subject: "Envelope" },
        ]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "New role" }));
    const dialog = await screen.findByRole("dialog", { name: "New custom role" });
    const held = within(dialog).getByRole("combobox", { name: "Read — Envelopes" });
    expect(within(held).getByRole("option", { name: "Allow" })).toBeEnabled();
    const unheld = within(dialog).getByRole("combobox", { name: "Delete — Envelopes" });
    expect(unheld).toHaveAccessibleDescription(
      "Your role does not have this permission, so you cannot give it.",
    );
    expect(
      within(unheld).getByRole("option", { name: "Allow (your role does not have it)" }),
    ).toBeDisabled();
  });

  it("renames a custom role and keeps its rules", async () => {
    const { user, server } = renderApp({ path: "/settings/roles", handlers: createRoleHandlers() });
    await user.click(await screen.findByRole("button", { name: "Open the role Legal" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the role Legal" });
    // Its rules fit the grid: it opens there, each cell as the rules say.
    expect(within(dialog).getByRole("button", { name: "Simple grid" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(within(dialog).getByRole("combobox", { name: "Read — Envelopes" })).toHaveValue("allow");
    expect(within(dialog).getByRole("combobox", { name: "Delete — Envelopes" })).toHaveValue(
      "forbid",
    );
    expect(
      within(dialog).getByRole("textbox", { name: "Reason for forbidding Delete — Envelopes" }),
    ).toHaveValue("Envelopes are kept.");
    expect(within(dialog).getByRole("combobox", { name: "Read — Contacts" })).toHaveValue("unset");
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Legal team");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.bodiesOf("/team/update-role")).toEqual([
        {
          roleUuid: "0b7f6c1e-0000-4000-8000-000000000010",
          name: "Legal team",
          permissions: [
            { action: "read", subject: "Envelope" },
            {
              action: "delete",
              subject: "Envelope",
              inverted: true,
              reason: "Envelopes are kept.",
            },
          ],
        },
      ]),
    );
  });

  it("says why a role held by members cannot be deleted, and keeps it", async () => {
    const { user } = renderApp({
      path: "/settings/roles",
      handlers: {
        ...createRoleHandlers(),
        "/team/delete-role": () => apiError(409, "ROLE_IN_USE"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete the role Legal" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this role?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete the role" }));
    expect(
      await within(dialog).findByText(
        "Members still hold this role. Give them another role first, then delete it.",
      ),
    ).toBeVisible();
    expect(screen.getByText("Legal")).toBeInTheDocument();
  });

  it("a member whose role may not change the team sees the actions disabled with the reason, and roles read-only", async () => {
    const { user, server } = renderApp({
      path: "/settings/roles",
      handlers: { ...createRoleHandlers(), ...asRole("Member") },
    });
    const create = await screen.findByRole("button", { name: "New role" });
    await waitFor(() => expect(create).toHaveAttribute("aria-disabled", "true"));
    expect(create).toHaveAccessibleDescription("Your role cannot change the team's settings.");
    const remove = await screen.findByRole("button", { name: "Delete the role Legal" });
    expect(remove).toHaveAttribute("aria-disabled", "true");
    await user.click(remove);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open the role Legal" }));
    const dialog = await screen.findByRole("dialog", { name: "Legal" });
    expect(within(dialog).getByText("Denies: Delete — Envelopes")).toBeVisible();
    expect(within(dialog).queryByRole("textbox")).not.toBeInTheDocument();
    expect(server.bodiesOf("/team/delete-role")).toEqual([]);
  });

  it("speaks French: the editor's problems too", async () => {
    const { user } = renderApp({
      path: "/settings/roles",
      language: "fr",
      handlers: createRoleHandlers(),
    });
    await user.click(await screen.findByRole("button", { name: "Nouveau rôle" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouveau rôle personnalisé" });
    await user.click(within(dialog).getByRole("button", { name: "Règles avancées" }));
    await user.click(within(dialog).getByRole("checkbox", { name: /Interdire/ }));
    await user.click(within(dialog).getByRole("button", { name: "Créer le rôle" }));
    expect(await within(dialog).findByText("Saisissez un nom pour le rôle.")).toBeVisible();
    expect(within(dialog).getByText("Une règle inversée doit avoir un motif.")).toBeVisible();
  });
});
