import { type WorkspaceMembersResponse } from "@paraphe/api-sdk/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WORKSPACE_LEGAL, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const LEA = {
  userUuid: "1a2b3c4d-5555-4e4e-9e9e-000000000001",
  email: "lea.martin@example.com",
  name: "Léa Martin",
};
const HUGO = {
  userUuid: "1a2b3c4d-5555-4e4e-9e9e-000000000002",
  email: "hugo.bernard@example.com",
  name: "Hugo Bernard",
};
const JOINED = "2026-02-01T09:00:00.000Z";

function answer(members: (typeof LEA)[], candidates: (typeof LEA)[]): WorkspaceMembersResponse {
  return {
    workspace: { ...WORKSPACE_LEGAL, memberCount: members.length },
    members: members.map((member) => ({ ...member, joinedAt: JOINED })),
    candidates,
  };
}

describe("workspace members", () => {
  const path = `/settings/workspaces/${WORKSPACE_LEGAL.uuid}/members`;

  it("adds a team member chosen in the combobox", async () => {
    const { user, server } = renderApp({
      path,
      handlers: {
        "/workspace/list-members": () => ok(answer([LEA], [HUGO])),
        "/workspace/add-member": () => ok(answer([LEA, HUGO], [])),
      },
    });
    expect(
      await screen.findByRole("heading", { name: "Members of Legal", level: 2 }),
    ).toBeInTheDocument();
    // The only member cannot be removed.
    expect(screen.getByText("A workspace keeps at least one member.")).toBeInTheDocument();
    const input = screen.getByRole("combobox", { name: "Team member" });
    await user.type(input, "hugo");
    await user.click(await screen.findByRole("option", { name: /Hugo Bernard/ }));
    await user.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(server.bodiesOf("/workspace/add-member")).toEqual([
        { workspaceUuid: WORKSPACE_LEGAL.uuid, userUuid: HUGO.userUuid },
      ]),
    );
    expect(await screen.findByText("Hugo Bernard can now see this workspace.")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Members of the workspace" });
    expect(await within(table).findByText("hugo.bernard@example.com")).toBeInTheDocument();
  });

  it("removes a member after confirmation", async () => {
    const { user, server } = renderApp({
      path,
      handlers: {
        "/workspace/list-members": () => ok(answer([LEA, HUGO], [])),
        "/workspace/remove-member": () => ok(answer([LEA], [HUGO])),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Remove Hugo Bernard" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Hugo Bernard?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() =>
      expect(server.bodiesOf("/workspace/remove-member")).toEqual([
        { workspaceUuid: WORKSPACE_LEGAL.uuid, userUuid: HUGO.userUuid },
      ]),
    );
    expect(
      await screen.findByText("Hugo Bernard was removed from the workspace."),
    ).toBeInTheDocument();
  });
});
