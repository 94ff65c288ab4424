import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, WORKSPACE_MAIN, envelopeDetail, ok, recipient } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

const VIEWER = recipient({
  email: "vic@example.com",
  firstname: "Vic",
  lastname: "Viewer",
  kind: "viewer",
});

describe("viewers and delegation in the editor", () => {
  it("adds a viewer with the role choice, and the list says so", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "vic@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Vic");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Viewer");
    await user.click(within(dialog).getByRole("radio", { name: /Viewer/ }));
    // A viewer signs nothing: no check before signing is offered.
    expect(within(dialog).queryByText(/before signing/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients")).toEqual([
        {
          envelopeUuid: ENVELOPE_UUID,
          recipients: [
            {
              email: "vic@example.com",
              firstname: "Vic",
              lastname: "Viewer",
              phone: "",
              saveToContacts: false,
              kind: "viewer",
            },
          ],
        },
      ]),
    );
    const list = await screen.findByRole("list", { name: "Recipients" });
    expect(within(list).getByText("Viewer")).toBeInTheDocument();
  });

  it("offers no field tools for a viewer, with the reason", async () => {
    renderApp({
      path: EDIT_PATH,
      handlers: { "/envelope/get": () => ok(envelopeDetail({ recipients: [VIEWER] })) },
    });
    expect(
      await screen.findByText("A viewer has no fields: choose a signer to place fields."),
    ).toBeInTheDocument();
    const tools = screen.getByRole("toolbar", { name: "Fields" });
    for (const tool of within(tools).getAllByRole("button")) expect(tool).toBeDisabled();
  });

  it("saves the option letting signers hand their turn to someone else", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    const option = await screen.findByRole("checkbox", {
      name: "Let signers hand their turn to someone else",
    });
    expect(option).not.toBeChecked();
    await user.click(option);
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/update")).toEqual([
        { envelopeUuid: ENVELOPE_UUID, options: { allowDelegation: true } },
      ]),
    );
    expect(option).toBeChecked();
  });

  it("offers the viewer role and the option in French", async () => {
    const { user } = renderApp({ path: EDIT_PATH, language: "fr" });
    expect(
      await screen.findByRole("checkbox", {
        name: "Permettre aux signataires de confier leur tour à une autre personne",
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Ajouter" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("radio", { name: /Lecteur/ })).toBeInTheDocument();
  });
});
