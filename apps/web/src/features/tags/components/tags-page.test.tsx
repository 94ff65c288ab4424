import { type Tag } from "@paraphe/api-sdk/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const URGENT: Tag = {
  uuid: "9c8d7e6f-6666-4f4f-8f8f-000000000001",
  name: "Urgent",
  color: "#dc2626",
  envelopeCount: 3,
  createdAt: "2026-02-01T09:00:00.000Z",
  updatedAt: "2026-02-02T09:00:00.000Z",
};

describe("tags settings", () => {
  it("lists the team's tags with the number of documents carrying each", async () => {
    renderApp({ path: "/settings/tags", handlers: { "/tag/list": () => ok({ tags: [URGENT] }) } });
    const table = await screen.findByRole("table", { name: "The team's tags" });
    const row = (await within(table).findByText("Urgent")).closest("tr")!;
    expect(within(row).getByText("3")).toBeInTheDocument();
  });

  it("shows a name the team already uses on the name field", async () => {
    const { user, server } = renderApp({
      path: "/settings/tags",
      handlers: {
        "/tag/list": () => ok({ tags: [URGENT] }),
        "/tag/create": () =>
          apiError(400, "VALIDATION_ERROR", [{ path: "name", message: "name_taken" }]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "New tag" }));
    const dialog = await screen.findByRole("dialog", { name: "New tag" });
    await user.type(within(dialog).getByLabelText(/^Name/), "urgent");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("Your team already has a tag with this name."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/tag/create")).toEqual([{ name: "urgent", color: "#2563eb" }]);
  });

  it("renames a tag and deletes another after confirmation", async () => {
    const { user, server } = renderApp({
      path: "/settings/tags",
      language: "fr",
      handlers: {
        "/tag/list": () => ok({ tags: [URGENT] }),
        "/tag/update": () => ok({ tag: { ...URGENT, name: "Prioritaire" } }),
        "/tag/delete": () => ok({ deleted: true }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Modifier Urgent" }));
    const dialog = await screen.findByRole("dialog", { name: "Modifier l’étiquette" });
    const name = within(dialog).getByLabelText(/^Nom/);
    await user.clear(name);
    await user.type(name, "Prioritaire");
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(server.bodiesOf("/tag/update")).toEqual([
        { tagUuid: URGENT.uuid, name: "Prioritaire", color: "#dc2626" },
      ]),
    );

    await user.click(await screen.findByRole("button", { name: "Supprimer Urgent" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(server.bodiesOf("/tag/delete")).toEqual([{ tagUuid: URGENT.uuid }]));
  });
});
