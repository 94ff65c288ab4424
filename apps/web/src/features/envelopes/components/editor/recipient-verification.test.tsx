import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ENVELOPE_UUID,
  TEST_PROFILE,
  WORKSPACE_MAIN,
  envelopeDetail,
  ok,
  recipient,
} from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

const VERIFIED_SIGNER = recipient({
  email: "ada@example.com",
  firstname: "Ada",
  lastname: "Lovelace",
  verification: "email_code",
});

/** The profile of a deployment that can send SMS codes. */
const withSms = {
  "/user/profile": () => ok({ ...TEST_PROFILE, capabilities: { smsVerification: true } }),
};

describe("a signer's check before signing, in the recipient dialog", () => {
  it("is none by default, saved as email_code when chosen, and offered for a signer only", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    const checks = within(dialog).getByRole("radiogroup", { name: "Check before signing" });
    expect(within(checks).getByRole("radio", { name: "No check" })).toBeChecked();
    await user.click(within(dialog).getByRole("radio", { name: /Approver/ }));
    expect(
      within(dialog).queryByRole("radiogroup", { name: "Check before signing" }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("radio", { name: /Signer/ }));

    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "ada@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Ada");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Lovelace");
    await user.click(within(dialog).getByRole("radio", { name: "Code sent by email" }));
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

  it("shows the SMS code unavailable, with the reason, when the server cannot send SMS", async () => {
    const { user } = renderApp({ path: EDIT_PATH });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    const sms = within(dialog).getByRole("radio", { name: "Code sent by SMS" });
    expect(sms).toBeDisabled();
    expect(sms).toHaveAccessibleDescription(
      "Unavailable: no SMS provider is configured on this server.",
    );
  });

  it("asks for the phone in international form for an SMS code, then saves sms_code", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH, handlers: withSms });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "ada@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Ada");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Lovelace");
    const sms = within(dialog).getByRole("radio", { name: "Code sent by SMS" });
    expect(sms).toBeEnabled();
    await user.click(sms);
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    expect(
      await within(dialog).findByText(
        "A code by SMS needs the phone number in international form, such as +33 6 12 34 56 78.",
      ),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/save-recipients")).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: /Phone/ }), "+33 6 12 34 56 78");
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients")).toEqual([
        {
          envelopeUuid: ENVELOPE_UUID,
          recipients: [
            expect.objectContaining({
              email: "ada@example.com",
              phone: "+33 6 12 34 56 78",
              verification: "sms_code",
            }),
          ],
        },
      ]),
    );
  }, 30_000);

  it("keeps a signer's check when another recipient is added", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              recipients: [
                VERIFIED_SIGNER,
                {
                  ...VERIFIED_SIGNER,
                  uuid: "7a1c2f0e-6f1b-4c53-8d2e-2b1f6c9a0d44",
                  email: "sam@example.com",
                  phone: "+447700900123",
                  order: 2,
                  verification: "sms_code" as const,
                },
              ],
            }),
          ),
      },
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
      ["sam@example.com", "sms_code"],
      ["bob@example.com", undefined],
    ]);
  }, 30_000);

  it("offers signing in to a Paraphe account, saying what the signer will do, and saves account", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    const account = within(dialog).getByRole("radio", { name: "Paraphe account" });
    expect(account).toBeEnabled();
    expect(account).toHaveAccessibleDescription(
      "Before signing, the signer signs in to the Paraphe account of their email address, with a passkey or a code sent to that address. They need such an account (they can create one with that address).",
    );
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "ada@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Ada");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Lovelace");
    await user.click(account);
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients")).toEqual([
        {
          envelopeUuid: ENVELOPE_UUID,
          recipients: [
            expect.objectContaining({ email: "ada@example.com", verification: "account" }),
          ],
        },
      ]),
    );
  }, 30_000);

  it("speaks French", async () => {
    const { user } = renderApp({ path: EDIT_PATH, language: "fr" });
    await user.click(await screen.findByRole("button", { name: "Ajouter" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("radio", { name: "Aucune vérification" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Code envoyé par e-mail" })).not.toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Code envoyé par SMS" })).toBeDisabled();
    expect(
      within(dialog).getByRole("radio", { name: "Compte Paraphe" }),
    ).toHaveAccessibleDescription(
      "Avant de signer, le signataire se connecte au compte Paraphe de son adresse e-mail, avec une clé d’accès ou un code envoyé à cette adresse. Il lui faut un tel compte (il peut le créer avec cette adresse).",
    );
  });
});
