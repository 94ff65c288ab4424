import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  DOCUMENT_UUID,
  ENVELOPE_UUID,
  RECIPIENT_UUID,
  TEST_PROFILE,
  WORKSPACE_MAIN,
  apiError,
  envelopeDetail,
  ok,
} from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

interface PlacedField {
  x: number;
  y: number;
  width: number;
  height: number;
  uuid?: string;
}

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

const JANE = {
  uuid: RECIPIENT_UUID,
  email: "jane.doe@example.com",
  firstname: "Jane",
  lastname: "Doe",
  phone: null,
  order: 1,
  step: 1,
  status: "pending" as const,
  invitedAt: null,
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  kind: "signer" as const,
  approvedAt: null,
};

function withRecipient() {
  let envelope = envelopeDetail({ recipients: [JANE] });
  return {
    "/envelope/get": () => ok(envelope),
    "/envelope/save-fields": ({ body }: { body: unknown }) => {
      const { fields } = body as { fields: typeof envelope.fields };
      envelope = {
        ...envelope,
        fields: fields.map((field, index) => ({
          ...field,
          uuid: field.uuid ?? `9a4c5d6e-5555-4e4e-8e4e-${String(index + 1).padStart(12, "0")}`,
        })),
      };
      return ok(envelope);
    },
  };
}

async function openAddRecipient(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Add" }));
  return screen.findByRole("dialog", { name: "Add a recipient" });
}

describe("recipient form", () => {
  it("requires the email, first name and last name", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    const dialog = await openAddRecipient(user);
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    expect(await within(dialog).findAllByText("This field is required.")).toHaveLength(3);
    expect(server.bodiesOf("/envelope/save-recipients")).toEqual([]);
  });

  it("refuses an invalid email and an email already added", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH, handlers: withRecipient() });
    const dialog = await openAddRecipient(user);
    const email = within(dialog).getByRole("combobox", { name: /Email address/ });
    await user.type(email, "not-an-email");
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Max");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Roy");
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    expect(await within(dialog).findByText("Enter a valid email address.")).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, "Jane.Doe@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    expect(
      await within(dialog).findByText("This email address has already been added."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/save-recipients")).toEqual([]);
  });

  it("suggests the workspace's contacts as the email is typed, and fills the recipient from the one chosen", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/contact/list": () =>
          ok({
            contacts: [
              {
                uuid: "c0a7ac70-1111-4a4a-8a8a-000000000009",
                workspaceUuid: WORKSPACE_MAIN.uuid,
                workspaceName: WORKSPACE_MAIN.name,
                email: "paul@example.com",
                firstname: "Paul",
                lastname: "Durand",
                phone: "+33612345678",
                createdAt: "2026-02-01T10:00:00.000Z",
                updatedAt: "2026-02-01T10:00:00.000Z",
              },
            ],
            total: 1,
          }),
      },
    });
    const dialog = await openAddRecipient(user);
    await user.type(within(dialog).getByRole("combobox", { name: /Email address/ }), "pau");
    const list = await within(dialog).findByRole("listbox", {
      name: "Contacts matching what you type",
    });
    expect(server.bodiesOf("/contact/list")).toContainEqual(
      expect.objectContaining({ workspaceUuid: WORKSPACE_MAIN.uuid, search: "pau" }),
    );
    await user.click(within(list).getByRole("option", { name: /Paul Durand/ }));
    expect(within(dialog).getByRole("combobox", { name: /Email address/ })).toHaveValue(
      "paul@example.com",
    );
    expect(within(dialog).getByRole("textbox", { name: /First name/ })).toHaveValue("Paul");
    expect(within(dialog).getByRole("textbox", { name: /Last name/ })).toHaveValue("Durand");
  });

  it("says when the email is already in the contacts, and saves the recipient", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/contact/lookup": ({ body }) =>
          ok({
            contact:
              (body as { email: string }).email === "paul@example.com"
                ? { email: "paul@example.com", firstname: "Paul", lastname: "Durand", phone: null }
                : null,
          }),
      },
    });
    const dialog = await openAddRecipient(user);
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "paul@example.com",
    );
    expect(
      await within(dialog).findByText("Already in your contacts as Paul Durand."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole("checkbox", { name: "Save to my contacts" })).toBeNull();
    expect(server.bodiesOf("/contact/lookup")).toEqual([
      { workspaceUuid: WORKSPACE_MAIN.uuid, email: "paul@example.com" },
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Use these details" }));
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients")).toEqual([
        {
          envelopeUuid: ENVELOPE_UUID,
          recipients: [
            {
              email: "paul@example.com",
              firstname: "Paul",
              lastname: "Durand",
              phone: "",
              saveToContacts: false,
            },
          ],
        },
      ]),
    );
    expect(
      await screen.findByRole("button", { name: "Place fields for Paul Durand" }),
    ).toBeInTheDocument();
  });
});

describe("field placement", () => {
  it("places a field in page fractions inside the page, and moves it with the keyboard", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH, handlers: withRecipient() });
    const page = await screen.findByTestId(`page-${DOCUMENT_UUID}-0`);
    page.getBoundingClientRect = () =>
      ({
        left: 100,
        top: 50,
        width: 600,
        height: 850,
        right: 700,
        bottom: 900,
        x: 100,
        y: 50,
      }) as DOMRect;

    await user.click(screen.getByRole("button", { name: "Signature" }));
    // A click near the bottom-right corner: the field stays inside the page.
    fireEvent.click(page, { clientX: 695, clientY: 895 });

    await waitFor(() => expect(server.bodiesOf("/envelope/save-fields")).toHaveLength(1), {
      timeout: 3000,
    });
    const [first] = (server.bodiesOf("/envelope/save-fields")[0] as { fields: PlacedField[] })
      .fields;
    expect(first).toMatchObject({ documentUuid: DOCUMENT_UUID, page: 0, kind: "signature" });
    expect(first!.x + first!.width).toBeLessThanOrEqual(1);
    expect(first!.y + first!.height).toBeLessThanOrEqual(1);
    expect(first!.x).toBeGreaterThan(0);

    const field = screen.getByRole("button", { name: "Signature field for Jane Doe, page 1" });
    field.focus();
    await user.keyboard("{ArrowUp}{ArrowUp}{ArrowLeft}");
    await waitFor(() => expect(server.bodiesOf("/envelope/save-fields")).toHaveLength(2), {
      timeout: 3000,
    });
    const [moved] = (server.bodiesOf("/envelope/save-fields")[1] as { fields: PlacedField[] })
      .fields;
    expect(moved!.y).toBeCloseTo(first!.y - 0.02, 5);
    expect(moved!.x).toBeCloseTo(first!.x - 0.01, 5);
    expect(moved!.uuid).toBeDefined();

    await user.keyboard("{Delete}");
    await waitFor(
      () =>
        expect(server.bodiesOf("/envelope/save-fields").at(-1)).toEqual({
          envelopeUuid: ENVELOPE_UUID,
          fields: [],
        }),
      { timeout: 3000 },
    );
  });

  it("places a field from the keyboard alone: the new field takes the focus, each step is announced", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH, handlers: withRecipient() });
    const tool = await screen.findByRole("button", { name: "Signature" });
    tool.focus();
    await user.keyboard("{Enter}");
    expect(
      await screen.findByText(
        "Signature field chosen: go to a page and press Enter to place it there; Escape puts it down.",
      ),
    ).toHaveAttribute("role", "status");

    screen.getByRole("button", { name: /^Place the field on .*page 1 of/ }).focus();
    await user.keyboard("{Enter}");
    const field = screen.getByRole("button", { name: "Signature field for Jane Doe, page 1" });
    expect(field).toHaveFocus();
    expect(
      screen.getByText(
        "Signature field placed on page 1. Arrow keys move it, Shift with arrow keys resizes it, Delete removes it.",
      ),
    ).toHaveAttribute("role", "status");
    await waitFor(() => expect(server.bodiesOf("/envelope/save-fields")).toHaveLength(1), {
      timeout: 3000,
    });
    const [placed] = (server.bodiesOf("/envelope/save-fields")[0] as { fields: PlacedField[] })
      .fields;
    expect(placed).toMatchObject({ documentUuid: DOCUMENT_UUID, page: 0, kind: "signature" });

    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(server.bodiesOf("/envelope/save-fields")).toHaveLength(2), {
      timeout: 3000,
    });
    const [moved] = (server.bodiesOf("/envelope/save-fields")[1] as { fields: PlacedField[] })
      .fields;
    expect(moved!.y).toBeCloseTo(placed!.y + 0.01, 5);

    await user.keyboard("{Delete}");
    expect(screen.getByText("Signature field removed.")).toHaveAttribute("role", "status");
    expect(screen.getByRole("button", { name: "Signature" })).toHaveFocus();
  });

  it("checks before sending that every recipient has a signature field", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH, handlers: withRecipient() });
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByText("Place a signature field for Jane Doe.")).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/send")).toEqual([]);
  });

  it("sends, and shows the api's refusal in words", async () => {
    const envelope = envelopeDetail({
      recipients: [JANE],
      fields: [
        {
          uuid: "9a4c5d6e-5555-4e4e-8e4e-000000000001",
          documentUuid: DOCUMENT_UUID,
          page: 0,
          x: 0.1,
          y: 0.1,
          width: 0.3,
          height: 0.07,
          kind: "signature",
          recipientUuid: RECIPIENT_UUID,
          required: true,
          label: null,
          settings: {},
        },
      ],
    });
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/envelope/get": () => ok(envelope),
        "/envelope/send": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "options.signatureLevel", message: "level_unavailable" },
          ]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(
      await screen.findByText(
        "This signature level is not available: what it needs is not configured on this server.",
      ),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/send")).toEqual([{ envelopeUuid: ENVELOPE_UUID }]);
  });

  it("shows a send refused for a page that cannot be drawn in words, naming the document and the page, in English and French", async () => {
    const envelope = envelopeDetail({
      recipients: [JANE],
      fields: [
        {
          uuid: "9a4c5d6e-5555-4e4e-8e4e-000000000001",
          documentUuid: DOCUMENT_UUID,
          page: 0,
          x: 0.1,
          y: 0.1,
          width: 0.3,
          height: 0.07,
          kind: "signature",
          recipientUuid: RECIPIENT_UUID,
          required: true,
          label: null,
          settings: {},
        },
      ],
    });
    const handlers = {
      "/envelope/get": () => ok(envelope),
      "/envelope/send": () =>
        apiError(409, "CONFLICT", [
          {
            path: "documents.0",
            code: "custom",
            message: "pages_unreadable",
            params: { page: 2, count: 1 },
          },
          { path: "conflict", code: "conflict", message: "pages_unreadable" },
        ]),
    };
    const english = renderApp({ path: EDIT_PATH, handlers });
    await english.user.click(await screen.findByRole("button", { name: "Send" }));
    const alert = await screen.findByText(
      /Some pages cannot be drawn, so no signer could read them/,
    );
    expect(alert).toBeInTheDocument();
    expect(screen.getByText("agreement.pdf: page 2 cannot be drawn.")).toBeInTheDocument();
    // Not the generic "conflicts with the current state" of an unknown conflict.
    expect(screen.queryByText(/conflicts with the current state/)).toBeNull();
    english.unmount();

    const french = renderApp({ path: EDIT_PATH, handlers, language: "fr" });
    await french.user.click(await screen.findByRole("button", { name: "Envoyer" }));
    expect(
      await screen.findByText(/^agreement\.pdf\s: la page 2 ne peut pas être dessinée\.$/),
    ).toBeInTheDocument();
  });

  it("at the plan's signature limit, shows the upgrade message with a link to the plans", async () => {
    const envelope = envelopeDetail({
      recipients: [JANE],
      fields: [
        {
          uuid: "9a4c5d6e-5555-4e4e-8e4e-000000000001",
          documentUuid: DOCUMENT_UUID,
          page: 0,
          x: 0.1,
          y: 0.1,
          width: 0.2,
          height: 0.07,
          kind: "signature",
          recipientUuid: RECIPIENT_UUID,
          required: true,
          label: null,
          settings: {},
        },
      ],
    });
    const { user } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/envelope/get": () => ok(envelope),
        "/envelope/send": () => apiError(409, "SIGNATURE_LIMIT_REACHED"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(
      await screen.findByText(/The team has sent every envelope its plan allows in this period/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "See the plans of the Subscription page" }),
    ).toHaveAttribute("href", "/settings/subscription");
  });

  it("saves the sender name, initials and reminders chosen with the shared controls", async () => {
    const { user, server } = renderApp({ path: EDIT_PATH });
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Sender name in the invitation" }),
      "personal",
    );
    await user.click(screen.getByRole("checkbox", { name: "Ask for initials on every page" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Reminders" }), "Every 3 days");
    expect(screen.getByRole("checkbox", { name: "Ask for initials on every page" })).toBeChecked();
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/update")).toEqual([
        {
          envelopeUuid: ENVELOPE_UUID,
          options: { senderName: "personal", initialsOnAllPages: true, reminderDays: 3 },
        },
      ]),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Reminders" }), "No reminders");
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/update")).toContainEqual({
        envelopeUuid: ENVELOPE_UUID,
        options: { reminderDays: null },
      }),
    );
  });

  it("shows AES as needing a signer authority and QES a qualified provider, not selectable", async () => {
    renderApp({ path: EDIT_PATH });
    const aes = await screen.findByRole("radio", { name: /Advanced electronic signature/ });
    expect(aes).toBeDisabled();
    expect(aes).toHaveAccessibleDescription(/signer certification authority/);
    const qes = screen.getByRole("radio", { name: /Qualified electronic signature/ });
    expect(qes).toBeDisabled();
    expect(qes).toHaveAccessibleDescription(
      /qualified trust service provider, which is not configured/,
    );
    expect(screen.getByRole("radio", { name: /Simple electronic signature/ })).toBeChecked();
  });

  it("offers AES when the deployment can issue signer certificates, saying each signer needs a check", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/user/profile": () =>
          ok({ ...TEST_PROFILE, capabilities: { smsVerification: true, aesSignature: true } }),
      },
    });
    const aes = await screen.findByRole("radio", { name: /Advanced electronic signature/ });
    await waitFor(() => expect(aes).toBeEnabled());
    expect(aes).toHaveAccessibleDescription(
      /a check: choose a check before signing for every signer/,
    );
    await user.click(aes);
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/update")).toContainEqual({
        envelopeUuid: ENVELOPE_UUID,
        options: { signatureLevel: "AES" },
      }),
    );
  });

  it("offers QES when a qualified provider is configured, saying signers sign one after another with an account there", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/user/profile": () =>
          ok({ ...TEST_PROFILE, capabilities: { smsVerification: true, qesSignature: true } }),
      },
    });
    const qes = await screen.findByRole("radio", { name: /Qualified electronic signature/ });
    await waitFor(() => expect(qes).toBeEnabled());
    expect(qes).toHaveAccessibleDescription(
      /signers sign one after another, and each needs an account at that provider/,
    );
    await user.click(qes);
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/update")).toContainEqual({
        envelopeUuid: ENVELOPE_UUID,
        options: { signatureLevel: "QES" },
      }),
    );
  });
});
