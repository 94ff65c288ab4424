import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ENVELOPE_UUID,
  RECIPIENT_UUID,
  WORKSPACE_MAIN,
  asRole,
  envelopeDetail,
  ok,
  type Handlers,
} from "../../test/api";
import { renderApp } from "../../test/render-app";

// What a role that may only read (the managed Viewer) finds on the screens of spec §2: the
// navigation, and every action it cannot perform disabled with its reason or hidden. The api
// refuses these calls anyway; the screens say so before the member tries.

const UPDATE_REASON = "Your role does not allow you to change or send envelopes.";
const CREATE_REASON = "Your role does not allow you to create envelopes.";
const UPDATE_TEAM_REASON = "Your role cannot change the team's settings.";

const SIGNER = {
  uuid: RECIPIENT_UUID,
  email: "jane.doe@example.com",
  firstname: "Jane",
  lastname: "Doe",
  phone: null,
  order: 1,
  status: "pending" as const,
  invitedAt: "2026-03-03T09:00:00.000Z",
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  kind: "signer" as const,
  step: 1,
  approvedAt: null,
};

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;
const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

function viewer(handlers: Handlers = {}): Handlers {
  return { ...asRole("Viewer"), ...handlers };
}

/** The button named `name`, once it is disabled with `reason`. */
async function deniedButton(name: string | RegExp, reason: string) {
  const button = await screen.findByRole("button", { name });
  expect(button).toHaveAttribute("aria-disabled", "true");
  expect(button).toHaveAccessibleDescription(reason);
  return button;
}

describe("a Viewer", () => {
  it("keeps the whole navigation", async () => {
    renderApp({ path: "/", handlers: viewer(), inboxPending: false });
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    for (const name of ["Dashboard", "Envelopes", "Inbox", "Templates", "Contacts", "Settings"]) {
      expect(within(nav).getByRole("link", { name })).toBeInTheDocument();
    }
  });

  it("is not offered the upload in the dashboard's quick access", async () => {
    renderApp({ path: "/", handlers: viewer(), inboxPending: false });
    const quick = await screen.findByRole("navigation", { name: "Quick access" });
    expect(within(quick).getByRole("link", { name: "Envelopes" })).toBeInTheDocument();
    expect(within(quick).queryByRole("link", { name: "Upload a document" })).toBeNull();
  });

  it("finds the upload disabled with its reason, and ?upload=1 opens nothing", async () => {
    const { user, server } = renderApp({ path: "/envelopes?upload=1", handlers: viewer() });
    await screen.findByRole("link", { name: "Service agreement" });
    const upload = await deniedButton("Upload", CREATE_REASON);
    expect(screen.queryByRole("dialog", { name: "Upload documents" })).toBeNull();
    await user.click(upload);
    expect(screen.queryByRole("dialog", { name: "Upload documents" })).toBeNull();
    expect(await screen.findByRole("tooltip")).toHaveTextContent(CREATE_REASON);
    expect(server.bodiesOf("/envelope/upload")).toEqual([]);
  });

  it("is told why in French too", async () => {
    renderApp({ path: "/envelopes", language: "fr", handlers: viewer() });
    await screen.findByRole("link", { name: "Service agreement" });
    await deniedButton("Importer", "Votre rôle ne vous permet pas de créer des enveloppes.");
  });

  it("can download a sent envelope but finds move, cancel and resend disabled with their reason", async () => {
    const { user } = renderApp({
      path: VIEW_PATH,
      handlers: viewer({
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              status: "signing",
              sentAt: "2026-03-03T09:00:00.000Z",
              recipients: [SIGNER],
            }),
          ),
      }),
    });
    const download = await screen.findByRole("button", { name: "Download the PDF" });
    expect(download).not.toHaveAttribute("aria-disabled");
    await deniedButton("Move to another workspace", UPDATE_REASON);
    await deniedButton("Resend the invitation to Jane Doe", UPDATE_REASON);
    const cancel = await deniedButton("Cancel the signature request", UPDATE_REASON);
    await user.click(cancel);
    expect(screen.queryByRole("dialog", { name: /Cancel/ })).toBeNull();
  });

  it("finds the retry of a failed sealing disabled with its reason", async () => {
    const { user, server } = renderApp({
      path: VIEW_PATH,
      handlers: viewer({
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              status: "signing",
              sentAt: "2026-03-03T09:00:00.000Z",
              recipients: [{ ...SIGNER, status: "signed", signedAt: "2026-03-04T10:00:00.000Z" }],
              sealingFailedAt: "2026-03-04T10:05:00.000Z",
            }),
          ),
      }),
    });
    await user.click(await deniedButton("Retry sealing", UPDATE_REASON));
    expect(server.bodiesOf("/envelope/retry-seal")).toEqual([]);
  });

  it("reads a draft without editing it: a note says why, send is disabled, nothing to add", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: viewer({ "/envelope/get": () => ok(envelopeDetail({ recipients: [SIGNER] })) }),
    });
    expect(await screen.findByRole("note")).toHaveTextContent(
      "Your role lets you read this draft, but not change it or send it.",
    );
    const send = await deniedButton("Send", UPDATE_REASON);
    await user.click(send);
    expect(server.bodiesOf("/envelope/send")).toEqual([]);
    expect(screen.queryByRole("button", { name: "Add" })).toBeNull();
    expect(screen.queryByRole("toolbar", { name: "Fields" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Preview" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit the title/ })).toBeNull();
  });
});

describe("a role that may edit envelopes but not add contacts", () => {
  it("finds save to contacts disabled with its reason, and the recipient is not saved there", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: asRole("Sender", [
        { action: "manage", subject: "Envelope" },
        { action: "read", subject: ["Contact", "Workspace", "Team"] },
      ]),
    });
    await user.click(await screen.findByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    const save = within(dialog).getByRole("checkbox", { name: "Save to my contacts" });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription("Your role does not allow you to add contacts.");
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "max@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Max");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Roy");
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() => expect(server.bodiesOf("/envelope/save-recipients")).toHaveLength(1));
    expect(server.bodiesOf("/envelope/save-recipients")[0]).toMatchObject({
      recipients: [expect.objectContaining({ email: "max@example.com", saveToContacts: false })],
    });
  });
});

describe("a role that may update only the team's members field", () => {
  const membersOnly = () =>
    asRole("Member admin", [
      { action: "read", subject: ["Team", "Workspace"] },
      { action: "update", subject: "Team", fields: ["members"] },
    ]);

  it("finds tag creation disabled with its reason, as the api refuses it", async () => {
    renderApp({ path: "/settings/tags", handlers: membersOnly() });
    await deniedButton("New tag", UPDATE_TEAM_REASON);
  });

  it("is not offered single sign-on nor webhooks in the settings", async () => {
    renderApp({ path: "/settings/tags", handlers: membersOnly() });
    const nav = await screen.findByRole("navigation", { name: "Settings sections" });
    expect(within(nav).getByRole("link", { name: "Tags" })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Single sign-on" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Webhooks" })).toBeNull();
  });
});
