import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, WORKSPACE_MAIN, envelopeDetail, ok, recipient } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

const COPY = recipient({
  email: "grace@example.com",
  firstname: "Grace",
  lastname: "Hopper",
  kind: "cc",
});

describe("recipients in copy in the editor", () => {
  it("adds a copy with the role choice, and the list says so", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    // Four roles: signer (the default), approver, viewer, copy (the first group of choices).
    const [kinds] = within(dialog).getAllByRole("radiogroup");
    expect(
      within(kinds as HTMLElement)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["signer", "approver", "viewer", "cc"]);
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "grace@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Grace");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Hopper");
    await user.click(within(dialog).getByRole("radio", { name: /Copy/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients")).toEqual([
        {
          envelopeUuid: ENVELOPE_UUID,
          recipients: [
            {
              email: "grace@example.com",
              firstname: "Grace",
              lastname: "Hopper",
              phone: "",
              saveToContacts: false,
              kind: "cc",
            },
          ],
        },
      ]),
    );
    const list = await screen.findByRole("list", { name: "Recipients" });
    expect(within(list).getByText("Copy")).toBeInTheDocument();
  });

  it("offers no field tools for a copy, and asks for a signer before sending", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: { "/envelope/get": () => ok(envelopeDetail({ recipients: [COPY] })) },
    });
    expect(
      await screen.findByText(
        "A recipient in copy has no fields: choose a signer to place fields.",
      ),
    ).toBeInTheDocument();
    const tools = screen.getByRole("toolbar", { name: "Fields" });
    for (const tool of within(tools).getAllByRole("button")) expect(tool).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(server.bodiesOf("/envelope/send")).toEqual([]);
  });

  it("offers the copy role in French", async () => {
    const { user } = renderApp({ path: EDIT_PATH, language: "fr" });
    await user.click(await screen.findByRole("button", { name: "Ajouter" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("radio", { name: /Copie/ })).toBeInTheDocument();
  });
});
