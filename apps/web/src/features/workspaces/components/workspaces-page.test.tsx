import { type Workspace } from "@paraphe/api-sdk/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WORKSPACE_LEGAL, WORKSPACE_MAIN, apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("workspaces settings", () => {
  it("lists the workspaces with their member count and the default one marked", async () => {
    renderApp({ path: "/settings/workspaces" });
    const table = await screen.findByRole("table", { name: "The team's workspaces you belong to" });
    const main = (await within(table).findByText("Main")).closest("tr")!;
    expect(within(main).getByText("Default")).toBeInTheDocument();
    expect(within(main).getByText("3")).toBeInTheDocument();
    // The default workspace can be neither deleted nor made default again.
    expect(within(main).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    const legal = within(table).getByText("Legal").closest("tr")!;
    expect(within(legal).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(within(legal).getByRole("link", { name: "Members" })).toHaveAttribute(
      "href",
      `/settings/workspaces/${WORKSPACE_LEGAL.uuid}/members`,
    );
  });

  it("creates a workspace with a name and a palette colour, refusing an empty name first", async () => {
    const created: Workspace = { ...WORKSPACE_LEGAL, uuid: crypto.randomUUID(), name: "Sales" };
    const { user, server } = renderApp({
      path: "/settings/workspaces",
      handlers: { "/workspace/create": () => ok({ workspace: created }) },
    });
    await user.click(await screen.findByRole("button", { name: "New workspace" }));
    const dialog = await screen.findByRole("dialog", { name: "New workspace" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();
    expect(server.bodiesOf("/workspace/create")).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Name/), "Sales");
    await user.click(within(dialog).getByRole("button", { name: "Colour #dc2626" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.bodiesOf("/workspace/create")).toEqual([{ name: "Sales", color: "#dc2626" }]),
    );
    expect(await screen.findByText("Workspace created.")).toBeInTheDocument();
  });

  it("deletes a workspace after choosing where its documents go", async () => {
    const { user, server } = renderApp({
      path: "/settings/workspaces",
      handlers: {
        "/workspace/delete": () => ok({ deleted: true, moved: { envelopes: 4, contacts: 2 } }),
      },
    });
    const table = await screen.findByRole("table", { name: "The team's workspaces you belong to" });
    const legal = (await within(table).findByText("Legal")).closest("tr")!;
    await user.click(within(legal).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Legal?" });
    expect(within(dialog).getByRole("combobox", { name: /Move its documents to/ })).toHaveValue(
      WORKSPACE_MAIN.uuid,
    );
    await user.click(within(dialog).getByRole("button", { name: "Delete the workspace" }));
    await waitFor(() =>
      expect(server.bodiesOf("/workspace/delete")).toEqual([
        { workspaceUuid: WORKSPACE_LEGAL.uuid, destinationWorkspaceUuid: WORKSPACE_MAIN.uuid },
      ]),
    );
    expect(
      await screen.findByText("Workspace deleted: 4 documents and 2 contacts moved."),
    ).toBeInTheDocument();
  });

  it("shows the api's refusal inside the delete dialog", async () => {
    const { user } = renderApp({
      path: "/settings/workspaces",
      handlers: {
        "/workspace/delete": () => apiError(409, "CONFLICT"),
      },
    });
    const table = await screen.findByRole("table", { name: "The team's workspaces you belong to" });
    const legal = (await within(table).findByText("Legal")).closest("tr")!;
    await user.click(within(legal).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete the workspace" }));
    expect(await within(dialog).findByRole("alert")).toBeInTheDocument();
  });

  it("makes another workspace the default", async () => {
    const { user, server } = renderApp({
      path: "/settings/workspaces",
      handlers: {
        "/workspace/make-default": () => ok({ workspace: { ...WORKSPACE_LEGAL, isDefault: true } }),
      },
    });
    const table = await screen.findByRole("table", { name: "The team's workspaces you belong to" });
    const legal = (await within(table).findByText("Legal")).closest("tr")!;
    await user.click(within(legal).getByRole("button", { name: "Make default" }));
    await waitFor(() =>
      expect(server.bodiesOf("/workspace/make-default")).toEqual([
        { workspaceUuid: WORKSPACE_LEGAL.uuid },
      ]),
    );
    expect(await screen.findByText("Legal is now the default workspace.")).toBeInTheDocument();
  });
});
