import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ENVELOPE_UUID,
  RECIPIENT_UUID,
  TEST_ACTIVITY,
  WORKSPACE_LEGAL,
  WORKSPACE_MAIN,
  apiError,
  envelopeDetail,
  ok,
  signingRequest,
} from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;

const SIGNER = {
  uuid: RECIPIENT_UUID,
  email: "jane.doe@example.com",
  firstname: "Jane",
  lastname: "Doe",
  phone: null,
  order: 1,
  step: 1,
  status: "pending" as const,
  invitedAt: "2026-03-03T09:00:00.000Z",
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  kind: "signer" as const,
  approvedAt: null,
};

function sent(overrides: Parameters<typeof envelopeDetail>[0] = {}) {
  return envelopeDetail({
    status: "signing",
    sentAt: "2026-03-03T09:00:00.000Z",
    recipients: [SIGNER],
    ...overrides,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("envelope view", () => {
  it("shows the status, the signers and the activity log", async () => {
    renderApp({ path: VIEW_PATH, handlers: { "/envelope/get": () => ok(sent()) } });
    expect(await screen.findByText("Pending signature")).toBeInTheDocument();
    const signers = screen.getByRole("region", { name: "Signers" });
    expect(within(signers).getByText("Jane Doe")).toBeInTheDocument();
    expect(within(signers).getByText("Pending")).toBeInTheDocument();
    expect(await screen.findByText("Document created")).toBeInTheDocument();
    expect(screen.queryByText("Log integrity check failed")).not.toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Download the audit-log proof" }),
    ).not.toBeInTheDocument();
  });

  it("says in the activity log which template the envelope was created from", async () => {
    const [created] = TEST_ACTIVITY;
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/envelope/activity": () =>
          ok({
            events: created
              ? [{ ...created, fromTemplate: { uuid: ENVELOPE_UUID, title: "Onboarding" } }]
              : [],
            chainValid: true,
          }),
      },
    });
    expect(await screen.findByText("Created from the template Onboarding")).toBeInTheDocument();
  });

  it("warns when the activity log's chain is broken, and shows its load error", async () => {
    const first = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/envelope/activity": () => ok({ events: TEST_ACTIVITY, chainValid: false }),
      },
    });
    expect(await screen.findByText("Log integrity check failed")).toBeInTheDocument();
    first.unmount();
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/envelope/activity": () => ({ status: 403, body: { statusCode: 403 } }),
      },
    });
    expect(
      await screen.findByText("The activity log could not be loaded.", {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it("cancels only with a reason, limited to 499 characters", async () => {
    const { user, server } = renderApp({
      path: VIEW_PATH,
      handlers: { "/envelope/get": () => ok(sent()) },
    });
    await user.click(await screen.findByRole("button", { name: "Cancel the signature request" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel the signature request?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel the request" }));
    expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();

    const reason = within(dialog).getByRole("textbox", { name: /Reason/ });
    expect(reason).toHaveAttribute("maxLength", "499");
    await user.click(reason);
    await user.paste("x".repeat(600));
    expect(reason).toHaveValue("x".repeat(499));
    expect(within(dialog).getByText("499 / 499 characters")).toBeInTheDocument();
    await user.clear(reason);
    await user.type(reason, "Wrong version of the contract");
    await user.click(within(dialog).getByRole("button", { name: "Cancel the request" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/cancel")).toEqual([
        { envelopeUuid: ENVELOPE_UUID, reason: "Wrong version of the contract" },
      ]),
    );
    expect(await screen.findByText("Canceled")).toBeInTheDocument();
  });

  it("shows a sealing that gave up, and retries it with the Retry sealing button", async () => {
    const signed = { ...SIGNER, status: "signed" as const, signedAt: "2026-03-04T10:00:00.000Z" };
    const { user, server } = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(sent({ recipients: [signed], sealingFailedAt: "2026-03-04T10:05:00.000Z" })),
        "/envelope/retry-seal": () => ok(sent({ recipients: [signed], sealingFailedAt: null })),
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/the signed document could not be sealed/);
    await user.click(within(alert).getByRole("button", { name: "Retry sealing" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/retry-seal")).toEqual([{ envelopeUuid: ENVELOPE_UUID }]),
    );
    expect(await screen.findByText("Sealing started again.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/could not be sealed/)).not.toBeInTheDocument());
  });

  it("offers to sign through the request's link when the viewer is a recipient", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            sent({
              callerRecipientUuid: RECIPIENT_UUID,
              owner: { name: "Marc Petit", email: "marc.petit@example.com" },
            }),
          ),
        "/envelope/list-requests": () => ok({ requests: [signingRequest()] }),
      },
    });
    const sign = await screen.findByRole("link", { name: "Sign" });
    expect(sign).toHaveAttribute(
      "href",
      `http://localhost:5174/sign/${ENVELOPE_UUID}#token=tok_0123456789abcdef&secret=sec_0123456789abcdef`,
    );
    expect(screen.getByRole("link", { name: /Contact the sender/ })).toHaveAttribute(
      "href",
      expect.stringContaining("mailto:marc.petit@example.com"),
    );
  });

  it("does not offer the sender to contact herself when she is also a recipient", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            sent({
              callerRecipientUuid: RECIPIENT_UUID,
              owner: { name: "Léa Martin", email: "Lea.Martin@example.com" },
            }),
          ),
        "/envelope/list-requests": () => ok({ requests: [signingRequest()] }),
      },
    });
    expect(await screen.findByRole("link", { name: "Sign" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Contact the sender/ })).not.toBeInTheDocument();
  });

  it("downloads the sealed PDF and the proof of a complete envelope, and says when the proof fails", async () => {
    const createObjectURL = vi.fn(() => "blob:test");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, server } = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent({ status: "complete" })),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Download the signed PDF" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/download")).toEqual([
        { envelopeUuid: ENVELOPE_UUID, kind: "sealed" },
      ]),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    server.use({ "/envelope/download": () => ({ status: 403, body: { statusCode: 403 } }) });
    await user.click(screen.getByRole("button", { name: "Download the audit-log proof" }));
    expect(
      await screen.findByText(
        "The audit-log proof could not be downloaded. Please try again.",
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
  });

  it("resends a pending signer's invitation after confirmation, and says so", async () => {
    const { user, server } = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/envelope/resend-invitation": () => ok(sent()),
      },
    });
    await user.click(
      await screen.findByRole("button", { name: "Resend the invitation to Jane Doe" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Resend the invitation?" });
    expect(
      within(dialog).getByText(
        "jane.doe@example.com receives a new signing link by email. The link sent before stops working.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Resend the invitation" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/resend-invitation")).toEqual([
        { envelopeUuid: ENVELOPE_UUID, recipientUuid: RECIPIENT_UUID },
      ]),
    );
    expect(
      await screen.findByText("A new invitation has been sent to jane.doe@example.com."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows why a resend was refused, in the dialog", async () => {
    const { user } = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/envelope/resend-invitation": () => apiError(409, "CONFLICT"),
      },
    });
    await user.click(
      await screen.findByRole("button", { name: "Resend the invitation to Jane Doe" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Resend the invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Resend the invitation" }));
    expect(
      await within(dialog).findByText(
        "This change conflicts with the current state. Reload the page and try again.",
      ),
    ).toBeInTheDocument();
  });

  it("says what a refused resend conflicts with, in the dialog", async () => {
    const { user } = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/envelope/resend-invitation": () =>
          apiError(409, "CONFLICT", [
            { path: "conflict", code: "conflict", message: "recipient_done" },
          ]),
      },
    });
    await user.click(
      await screen.findByRole("button", { name: "Resend the invitation to Jane Doe" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Resend the invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Resend the invitation" }));
    expect(
      await within(dialog).findByText("This recipient has already signed, approved or declined."),
    ).toBeInTheDocument();
  });

  it("offers no resend to a signer who was not invited yet (approvers first, or an earlier signer's turn)", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            sent({
              status: "approving",
              recipients: [
                {
                  ...SIGNER,
                  uuid: RECIPIENT_UUID,
                  kind: "approver",
                  order: 1,
                  step: 1,
                  email: "ann@example.com",
                  firstname: "Ann",
                  lastname: "Approver",
                },
                {
                  ...SIGNER,
                  uuid: "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
                  order: 2,
                  step: 1,
                  invitedAt: null,
                },
              ],
            }),
          ),
      },
    });
    expect(
      await screen.findByRole("button", { name: "Resend the invitation to Ann Approver" }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Resend the invitation to Jane Doe" }),
    ).not.toBeInTheDocument();
  });

  it("offers no resend for a signer who signed, nor on a closed envelope", async () => {
    const first = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            sent({
              recipients: [{ ...SIGNER, status: "signed", signedAt: "2026-03-04T09:00:00.000Z" }],
            }),
          ),
      },
    });
    expect(await screen.findByText("Jane Doe")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Resend the invitation/ })).not.toBeInTheDocument();
    first.unmount();
    renderApp({
      path: VIEW_PATH,
      handlers: { "/envelope/get": () => ok(sent({ status: "canceled" })) },
    });
    expect(await screen.findByText("Jane Doe")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Resend the invitation/ })).not.toBeInTheDocument();
  });

  it("moves the envelope to another workspace", async () => {
    const { user, server, router } = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/envelope/move": () => ok(sent({ workspaceUuid: WORKSPACE_LEGAL.uuid })),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Move to another workspace" }));
    const dialog = await screen.findByRole("dialog", { name: "Move the document" });
    expect(await within(dialog).findByRole("combobox", { name: "Workspace" })).toHaveValue(
      WORKSPACE_LEGAL.uuid,
    );
    await user.click(within(dialog).getByRole("button", { name: "Move" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/move")).toEqual([
        { envelopeUuid: ENVELOPE_UUID, workspaceUuid: WORKSPACE_LEGAL.uuid },
      ]),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/envelopes/${WORKSPACE_LEGAL.uuid}/${ENVELOPE_UUID}/view`,
      ),
    );
  });
});
