import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ENVELOPE_UUID,
  RECIPIENT_UUID,
  WORKSPACE_MAIN,
  envelopeDetail,
  ok,
} from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

const VERIFIED_SIGNER = {
  uuid: RECIPIENT_UUID,
  email: "ada@example.com",
  firstname: "Ada",
  lastname: "Lovelace",
  phone: null,
  order: 1,
  step: 1,
  status: "pending" as const,
  invitedAt: null,
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  kind: "signer" as const,
  verification: "email_code" as const,
  approvedAt: null,
};

describe("a signer's code sent by email, in the recipient dialog", () => {
  it("is off by default, saved as email_code when ticked, and offered for a signer only", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    const option = within(dialog).getByRole("checkbox", {
      name: "Require a code sent by email before signing",
    });
    expect(option).not.toBeChecked();
    await user.click(within(dialog).getByRole("radio", { name: /Approver/ }));
    expect(
      within(dialog).queryByRole("checkbox", {
        name: "Require a code sent by email before signing",
      }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("radio", { name: /Signer/ }));

    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "ada@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Ada");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Lovelace");
    await user.click(
      within(dialog).getByRole("checkbox", {
        name: "Require a code sent by email before signing",
      }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients")).toEqual([
        {
          envelopeUuid: ENVELOPE_UUID,
          recipients: [
            {
              email: "ada@example.com",
              firstname: "Ada",
              lastname: "Lovelace",
              phone: "",
              saveToContacts: false,
              verification: "email_code",
            },
          ],
        },
      ]),
    );
  }, 30_000);

  it("keeps a signer's check when another recipient is added", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: { "/envelope/get": () => ok(envelopeDetail({ recipients: [VERIFIED_SIGNER] })) },
    });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "bob@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Bob");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Byte");
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() => expect(server.bodiesOf("/envelope/save-recipients")).toHaveLength(1));
    const [body] = server.bodiesOf("/envelope/save-recipients") as {
      recipients: { email: string; verification?: string }[];
    }[];
    expect(body?.recipients.map((recipient) => [recipient.email, recipient.verification])).toEqual([
      ["ada@example.com", "email_code"],
      ["bob@example.com", undefined],
    ]);
  });

  it("speaks French", async () => {
    const { user } = renderApp({ path: EDIT_PATH, language: "fr" });
    await user.click(await screen.findByRole("button", { name: "Ajouter" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByRole("checkbox", {
        name: "Exiger un code envoyé par e-mail avant la signature",
      }),
    ).not.toBeChecked();
  });
});
