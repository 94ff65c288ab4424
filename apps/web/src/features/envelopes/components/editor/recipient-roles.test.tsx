import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  DOCUMENT_UUID,
  ENVELOPE_UUID,
  WORKSPACE_MAIN,
  envelopeDetail,
  ok,
  recipient,
} from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

const ALAN = recipient({
  email: "alan@example.com",
  firstname: "Alan",
  lastname: "Turing",
  kind: "approver",
});

describe("recipient roles in the editor", () => {
  it("adds an approver with the role choice, and the list says so", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    expect(within(dialog).getByRole("radio", { name: /Signer/ })).toBeChecked();
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "alan@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Alan");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Turing");
    await user.click(within(dialog).getByRole("radio", { name: /Approver/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients")).toEqual([
        {
          envelopeUuid: ENVELOPE_UUID,
          recipients: [
            {
              email: "alan@example.com",
              firstname: "Alan",
              lastname: "Turing",
              phone: "",
              saveToContacts: false,
              kind: "approver",
            },
          ],
        },
      ]),
    );
    const list = await screen.findByRole("list", { name: "Recipients" });
    expect(within(list).getByText("Approver")).toBeInTheDocument();
  });

  it("offers no field tools for an approver, and asks for a signer before sending", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: { "/envelope/get": () => ok(envelopeDetail({ recipients: [ALAN] })) },
    });
    expect(
      await screen.findByText("Approvers have no fields: choose a signer to place fields."),
    ).toBeInTheDocument();
    const tools = screen.getByRole("toolbar", { name: "Fields" });
    for (const tool of within(tools).getAllByRole("button")) expect(tool).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(
      await screen.findByText("Add at least one signer: approvers approve, signers sign."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/send")).toEqual([]);
  });

  it("does not offer an approver in a field's recipient list", async () => {
    const jane = {
      ...ALAN,
      uuid: "8f3b4c5d-4444-4d4d-bd4d-000000000777",
      email: "jane@example.com",
      firstname: "Jane",
      lastname: "Doe",
      order: 2,
      step: 1,
      kind: "signer" as const,
    };
    const field = {
      uuid: "9a4c5d6e-5555-4e4e-8e4e-000000000001",
      documentUuid: DOCUMENT_UUID,
      page: 0,
      x: 0.1,
      y: 0.1,
      width: 0.3,
      height: 0.1,
      kind: "signature" as const,
      recipientUuid: jane.uuid,
      required: true,
      label: null,
      settings: {},
    };
    const { user } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/envelope/get": () => ok(envelopeDetail({ recipients: [ALAN, jane], fields: [field] })),
      },
    });
    await user.click(await screen.findByRole("button", { name: /Signature field for Jane Doe/ }));
    const assigned = await screen.findByRole("combobox", { name: "Recipient" });
    expect(
      within(assigned)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Jane Doe"]);
  });
});
