import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import {
  TEST_MEMBERS,
  TEST_MEMBER_ROLES,
  apiError,
  asRole,
  membersHandlers,
  ok,
  roleNamed,
} from "../../../test/api";
import { renderApp } from "../../../test/render-app";

/** A button once it is enabled: the invite button waits for the members' list. */
async function enabledButton(name: string) {
  const button = await screen.findByRole("button", { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe("members", () => {
  // The dialogs' forms and the toasts' library are chunks the page asks for once it shows: loaded
  // here first, so that a dialog opened at once has its form, as it has in a browser after a moment.
  beforeAll(async () => {
    await Promise.all([
      import("../forms/edit-member-form"),
      import("../forms/invite-member-form"),
      import("../../../lib/toast-library"),
    ]);
  });

  it("lists the members with their role, shows the seats and searches", async () => {
    const { user, server } = renderApp({
      path: "/settings/members",
      handlers: membersHandlers({ used: 2, total: 5 }),
    });
    const table = await screen.findByRole("table", { name: "Members of the team" });
    await within(table).findByText("paul.durand@example.com");
    expect(within(table).getAllByRole("row")).toHaveLength(1 + TEST_MEMBERS.length);
    expect(screen.getByText("Seats: 2 of 5 used")).toBeInTheDocument();
    const self = within(table).getByText("lea.martin@example.com").closest("tr");
    expect(within(self!).getByText("You")).toBeInTheDocument();
    expect(within(self!).queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search members" }), "paul");
    await waitFor(() =>
      expect(server.bodiesOf("/team/list-members").at(-1)).toEqual({ search: "paul", limit: 500 }),
    );
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
  });

  it("says when seats are unlimited", async () => {
    renderApp({ path: "/settings/members" });
    expect(await screen.findByText("Seats: 2 used, unlimited")).toBeInTheDocument();
  });

  it("requires a valid email to invite, then sends the invitation with the chosen role", async () => {
    const { user, server } = renderApp({
      path: "/settings/members",
      handlers: {
        "/team/invite": ({ body }) =>
          ok({
            invitation: {
              uuid: "c0000000-0000-4000-8000-000000000009",
              email: (body as { email: string }).email,
              name: (body as { email: string }).email,
              firstname: null,
              lastname: null,
              role: roleNamed("Viewer"),
              sentAt: "2026-03-10T10:00:00.000Z",
              expiresAt: "2026-03-17T10:00:00.000Z",
              expired: false,
              resentCount: 0,
              updatedAt: "2026-03-10T10:00:00.000Z",
            },
          }),
      },
    });
    await user.click(await enabledButton("Invite a member"));
    const dialog = await screen.findByRole("dialog", { name: "Invite a member" });
    await user.click(within(dialog).getByRole("button", { name: "Send the invitation" }));
    expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /Email address/ }), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Send the invitation" }));
    expect(await within(dialog).findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/invite")).toEqual([]);

    const email = within(dialog).getByRole("textbox", { name: /Email address/ });
    await user.clear(email);
    await user.type(email, "new.one@example.com");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Role/ }), "Viewer");
    await user.click(within(dialog).getByRole("button", { name: "Send the invitation" }));
    expect(await screen.findByText("Invitation sent to new.one@example.com.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/invite")).toEqual([
      { email: "new.one@example.com", roleUuid: roleNamed("Viewer").uuid },
    ]);
  });

  it("with every seat taken, offers only the Viewer role and says why; a refusal shows its message", async () => {
    const { user } = renderApp({
      path: "/settings/members",
      handlers: {
        ...membersHandlers({ used: 3, total: 3 }),
        "/team/invite": () => apiError(409, "SEATS_FULL"),
      },
    });
    await user.click(await enabledButton("Invite a member"));
    const dialog = await screen.findByRole("dialog", { name: "Invite a member" });
    expect(
      within(dialog).getByText(
        "Every seat of your plan is taken: only the Viewer role can be invited until a seat is freed.",
      ),
    ).toBeInTheDocument();
    const role = within(dialog).getByRole("combobox", { name: /Role/ });
    expect(role).toHaveValue(roleNamed("Viewer").uuid);
    expect(within(role).getByRole("option", { name: "Member" })).toBeDisabled();
    expect(within(role).getByRole("option", { name: "Viewer" })).toBeEnabled();
    await user.type(
      within(dialog).getByRole("textbox", { name: /Email address/ }),
      "x@example.com",
    );
    await user.click(within(dialog).getByRole("button", { name: "Send the invitation" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Invite failure: the invitation was not sent. Every seat of your plan is taken: only the Viewer role can be invited until a seat is freed.",
    );
  });

  it("says that an invitation failed, and why, in French too", async () => {
    const { user } = renderApp({
      path: "/settings/members",
      language: "fr",
      handlers: {
        ...membersHandlers({ used: 1, total: 5 }),
        "/team/invite": () => apiError(500, "INTERNAL_SERVER_ERROR"),
      },
    });
    await user.click(await enabledButton("Inviter un membre"));
    const dialog = await screen.findByRole("dialog", { name: "Inviter un membre" });
    await user.type(
      within(dialog).getByRole("textbox", { name: /Adresse e-mail/ }),
      "x@example.com",
    );
    await user.click(within(dialog).getByRole("button", { name: "Envoyer l’invitation" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /^Échec de l’invitation\s: l’invitation n’a pas été envoyée\. Un problème est survenu de notre côté\./,
    );
  });

  it("edits a member's role and names, both names required", async () => {
    const { user, server } = renderApp({
      path: "/settings/members",
      handlers: {
        "/team/update-member": () => ok({ member: TEST_MEMBERS[1] }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit Paul Durand" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit a member" });
    await user.clear(within(dialog).getByRole("textbox", { name: /First name/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/update-member")).toEqual([]);
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Paulo");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Role/ }), "Admin");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The member was updated.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/update-member")).toEqual([
      {
        userUuid: TEST_MEMBERS[1]!.userUuid,
        roleUuid: roleNamed("Admin").uuid,
        firstname: "Paulo",
        lastname: "Durand",
        phone: "+33612345678",
      },
    ]);
  });

  it("shows each member's phone and join date, and edits the phone in international format", async () => {
    const { user, server } = renderApp({
      path: "/settings/members",
      handlers: {
        "/team/update-member": () => ok({ member: TEST_MEMBERS[1] }),
      },
    });
    const table = await screen.findByRole("table", { name: "Members of the team" });
    const paul = (await within(table).findByText("paul.durand@example.com")).closest("tr")!;
    expect(within(paul).getByText("+33612345678")).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: /Phone/ })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: /Joined/ })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edit Paul Durand" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit a member" });
    const phone = within(dialog).getByRole("textbox", { name: /Phone number/ });
    await user.clear(phone);
    await user.type(phone, "06 12 34 56 78");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter a valid phone number.")).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, "+1".padEnd(40, "2"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(/too long/)).toBeInTheDocument();
    expect(server.bodiesOf("/team/update-member")).toEqual([]);

    await user.clear(phone);
    await user.type(phone, "+44 20 7946 0958");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The member was updated.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/update-member")).toEqual([
      expect.objectContaining({ phone: "+442079460958" }),
    ]);
  });

  it("removes a member after confirmation", async () => {
    const { user, server } = renderApp({
      path: "/settings/members",
      handlers: { "/team/remove-member": () => ok({ removed: true }) },
    });
    await user.click(await screen.findByRole("button", { name: "Remove Paul Durand" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove this member?" });
    expect(server.bodiesOf("/team/remove-member")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("The member was removed.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/remove-member")).toEqual([
      { userUuid: TEST_MEMBERS[1]!.userUuid },
    ]);
  });

  it("offers an Admin every role but the Owner, to invite or to give", async () => {
    const { user } = renderApp({ path: "/settings/members", handlers: asRole("Admin") });
    await screen.findByText("paul.durand@example.com");
    await user.click(screen.getByRole("button", { name: "Invite a member" }));
    const invite = await screen.findByRole("dialog", { name: "Invite a member" });
    const offered = within(within(invite).getByRole("combobox", { name: /Role/ }))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(offered).toEqual(["Admin", "Member", "Viewer"]);
    await user.click(within(invite).getByRole("button", { name: "Cancel" }));

    await user.click(screen.getByRole("button", { name: "Edit Paul Durand" }));
    const edit = await screen.findByRole("dialog", { name: "Edit a member" });
    const owner = within(within(edit).getByRole("combobox", { name: /Role/ })).getByRole("option", {
      name: "Owner",
    });
    expect(owner).toBeDisabled();
  });

  it("offers an Admin no change nor removal of an Owner", async () => {
    renderApp({
      path: "/settings/members",
      handlers: {
        ...asRole("Admin"),
        "/team/list-members": () =>
          ok({
            members: [TEST_MEMBERS[0], { ...TEST_MEMBERS[1], role: roleNamed("Owner") }],
            total: 2,
            seats: { used: 2, total: null },
            roles: TEST_MEMBER_ROLES,
          }),
      },
    });
    await screen.findByText("paul.durand@example.com");
    expect(screen.queryByRole("button", { name: "Edit Paul Durand" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove Paul Durand" })).not.toBeInTheDocument();
  });

  it("shows one's own role without a choice, and saves one's names with it", async () => {
    const { user, server } = renderApp({
      path: "/settings/members",
      handlers: { "/team/update-member": () => ok({ member: TEST_MEMBERS[0] }) },
    });
    await user.click(await screen.findByRole("button", { name: "Edit Léa Martin" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit a member" });
    expect(within(dialog).queryByRole("combobox")).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "You cannot change your own role: ask another administrator of the team.",
      ),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByRole("textbox", { name: /First name/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Léonie");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The member was updated.")).toBeInTheDocument();
    expect(server.bodiesOf("/team/update-member")).toEqual([
      {
        userUuid: TEST_MEMBERS[0]!.userUuid,
        roleUuid: roleNamed("Owner").uuid,
        firstname: "Léonie",
        lastname: "Martin",
        phone: null,
      },
    ]);
  });

  it("says why the api refused a role", async () => {
    const { user } = renderApp({
      path: "/settings/members",
      handlers: { "/team/update-member": () => apiError(403, "FORBIDDEN") },
    });
    await user.click(await screen.findByRole("button", { name: "Edit Paul Durand" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit a member" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Role/ }), "Admin");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText(
        "Your role cannot give this role: it allows things your role does not, or only an owner can give it.",
      ),
    ).toBeInTheDocument();
  });

  it("shows a Viewer the members without the actions, and says why they cannot invite", async () => {
    const { user, server } = renderApp({ path: "/settings/members", handlers: asRole("Viewer") });
    await screen.findByText("paul.durand@example.com");
    expect(screen.queryByRole("button", { name: "Edit Paul Durand" })).not.toBeInTheDocument();
    const invite = screen.getByRole("button", { name: "Invite a member" });
    expect(invite).toHaveAttribute("aria-disabled", "true");
    expect(invite).toHaveAccessibleDescription("Your role cannot change the team's settings.");
    await user.click(invite);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(server.bodiesOf("/team/invite")).toEqual([]);
  });
});
