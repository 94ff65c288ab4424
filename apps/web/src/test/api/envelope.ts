import {
  type ActivityEvent,
  type EnvelopeDetail,
  type EnvelopeSummary,
  type Recipient,
  type SigningRequest,
  type Workspace,
} from "@paraphe/api-sdk/contract";
import { apiError, ok, type Handlers } from "./server";

/** Fixtures and handlers of the envelope, workspace and contact services (in memory). */

export const WORKSPACE_MAIN: Workspace = {
  uuid: "0b9a7c1e-1111-4a4a-8a8a-000000000001",
  name: "Main",
  color: "#5755ff",
  isDefault: true,
  memberCount: 3,
  createdAt: "2026-01-05T10:00:00.000Z",
  updatedAt: "2026-01-05T10:00:00.000Z",
};

export const WORKSPACE_LEGAL: Workspace = {
  ...WORKSPACE_MAIN,
  uuid: "0b9a7c1e-1111-4a4a-8a8a-000000000002",
  name: "Legal",
  color: "#ff8f6b",
  isDefault: false,
  memberCount: 1,
};

export const DOCUMENT_UUID = "5d1f2a3b-2222-4b4b-9b9b-000000000001";
export const ENVELOPE_UUID = "7e2a3b4c-3333-4c4c-ac4c-000000000001";
export const RECIPIENT_UUID = "8f3b4c5d-4444-4d4d-bd4d-000000000001";

const OWNER = { name: "Léa Martin", email: "lea.martin@example.com" };

export function envelopeSummary(overrides: Partial<EnvelopeSummary> = {}): EnvelopeSummary {
  return {
    uuid: ENVELOPE_UUID,
    workspaceUuid: WORKSPACE_MAIN.uuid,
    title: "Service agreement",
    status: "draft",
    owner: OWNER,
    signerCount: 0,
    signedCount: 0,
    firstDocumentUuid: DOCUMENT_UUID,
    tags: [],
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-02T09:00:00.000Z",
    ...overrides,
  };
}

/**
 * A recipient of the envelope (`RECIPIENT_UUID`): Jane Doe, a signer not invited yet, unless
 * `overrides` say otherwise.
 */
export function recipient(overrides: Partial<Recipient> = {}): Recipient {
  return {
    uuid: RECIPIENT_UUID,
    email: "jane@example.com",
    firstname: "Jane",
    lastname: "Doe",
    phone: null,
    order: 1,
    step: 1,
    kind: "signer",
    status: "pending",
    invitedAt: null,
    signedAt: null,
    approvedAt: null,
    declinedAt: null,
    declineReason: null,
    ...overrides,
  };
}

export function envelopeDetail(overrides: Partial<EnvelopeDetail> = {}): EnvelopeDetail {
  return {
    ...envelopeSummary(),
    documents: [
      {
        uuid: DOCUMENT_UUID,
        filename: "agreement.pdf",
        pageCount: 2,
        pages: [
          { width: 595, height: 842 },
          { width: 595, height: 842 },
        ],
        sha256: "ab".repeat(32),
      },
    ],
    recipients: [],
    fields: [],
    options: {
      signatureLevel: "SES",
      senderName: "team",
      message: null,
      initialsOnAllPages: false,
      allowDelegation: false,
      expiresAt: null,
      reminderDays: null,
      signingOrder: "parallel",
    },
    sentAt: null,
    completedAt: null,
    canceledAt: null,
    cancelReason: null,
    sealingFailedAt: null,
    callerRecipientUuid: null,
    ...overrides,
  };
}

export function signingRequest(overrides: Partial<SigningRequest> = {}): SigningRequest {
  return {
    envelopeUuid: ENVELOPE_UUID,
    envelopeTitle: "Service agreement",
    envelopeStatus: "signing",
    recipientStatus: "pending",
    recipientKind: "signer",
    sender: { name: "Paul Durand", email: "paul.durand@example.com" },
    recipientLink: {
      token: "tok_0123456789abcdef",
      secretKey: "sec_0123456789abcdef",
      creationDate: "2026-03-03T09:00:00.000Z",
    },
    documents: [{ uuid: DOCUMENT_UUID, preview: null }],
    ...overrides,
  };
}

export const TEST_ACTIVITY: ActivityEvent[] = [
  {
    type: "envelopeCreated",
    at: "2026-03-01T09:00:00.000Z",
    actor: OWNER,
    recipients: [],
    reason: null,
    ipAddress: "203.0.113.7",
    userAgent: "Firefox",
  },
];

/** A 1×1 transparent PNG, for page previews. */
export const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** Fresh handlers with their own in-memory envelope (a test's changes do not leak into others). */
export function createEnvelopeHandlers(): Handlers {
  let envelope = envelopeDetail();
  return {
    "/workspace/list": () => ok({ workspaces: [WORKSPACE_MAIN, WORKSPACE_LEGAL] }),
    "/contact/lookup": () => ok({ contact: null }),
    "/tag/list": () => ok({ tags: [] }),
    "/contact/list": () => ok({ contacts: [], total: 0 }),
    "/envelope/list": () => ok({ envelopes: [envelopeSummary()], nextCursor: null }),
    "/envelope/get": () => ok(envelope),
    "/envelope/upload": ({ body }) => {
      const { files } = body as { files: { filename: string }[] };
      envelope = envelopeDetail({ title: files[0]?.filename.replace(/\.pdf$/i, "") ?? "" });
      return ok(envelope);
    },
    "/envelope/update": ({ body }) => {
      const { title, options } = body as {
        title?: string;
        options?: Partial<EnvelopeDetail["options"]>;
      };
      envelope = {
        ...envelope,
        title: title ?? envelope.title,
        options: { ...envelope.options, ...options },
      };
      return ok(envelope);
    },
    "/envelope/save-recipients": ({ body }) => {
      const { recipients } = body as {
        recipients: {
          uuid?: string;
          email: string;
          firstname: string;
          lastname: string;
          phone?: string | null;
          kind?: "signer" | "approver" | "cc";
          step?: number;
        }[];
      };
      // As the server: parallel puts everyone in step 1, sequential gives each their own, custom
      // keeps the steps given, renumbered without gaps.
      const order = envelope.options.signingOrder;
      const given = recipients.map((recipient, index) => recipient.step ?? index + 1);
      const distinct = [...new Set(given)].sort((a, b) => a - b);
      const stepOf = (index: number) =>
        order === "parallel"
          ? 1
          : order === "sequential"
            ? index + 1
            : distinct.indexOf(given[index] ?? index + 1) + 1;
      envelope = {
        ...envelope,
        recipients: recipients.map((recipient, index) => ({
          uuid:
            recipient.uuid ?? `8f3b4c5d-4444-4d4d-bd4d-${String(index + 100).padStart(12, "0")}`,
          email: recipient.email,
          firstname: recipient.firstname,
          lastname: recipient.lastname,
          phone: recipient.phone ?? null,
          order: index + 1,
          step: stepOf(index),
          kind: recipient.kind ?? "signer",
          status: "pending",
          invitedAt: null,
          signedAt: null,
          approvedAt: null,
          declinedAt: null,
          declineReason: null,
        })),
      };
      return ok(envelope);
    },
    "/envelope/save-fields": ({ body }) => {
      const { fields } = body as { fields: EnvelopeDetail["fields"] };
      envelope = {
        ...envelope,
        fields: fields.map((field, index) => ({
          ...field,
          uuid: field.uuid ?? `9a4c5d6e-5555-4e4e-8e4e-${String(index + 1).padStart(12, "0")}`,
          label: field.label ?? null,
          required: field.required ?? true,
        })),
      };
      return ok(envelope);
    },
    "/envelope/send": () => {
      envelope = { ...envelope, status: "signing", sentAt: new Date(0).toISOString() };
      return ok(envelope);
    },
    "/envelope/cancel": ({ body }) => {
      envelope = {
        ...envelope,
        status: "canceled",
        cancelReason: (body as { reason: string }).reason,
      };
      return ok(envelope);
    },
    "/envelope/retry-seal": () => {
      envelope = { ...envelope, sealingFailedAt: null };
      return ok(envelope);
    },
    "/envelope/move": ({ body }) => {
      envelope = { ...envelope, workspaceUuid: (body as { workspaceUuid: string }).workspaceUuid };
      return ok(envelope);
    },
    "/envelope/delete": () => ok({ deleted: true }),
    "/envelope/page-preview": () =>
      ok({ filename: "page.png", contentType: "image/png", data: TINY_PNG }),
    "/envelope/download": ({ body }) =>
      ok({
        filename: `${(body as { kind: string }).kind}.pdf`,
        contentType: "application/pdf",
        data: "JVBERi0=",
      }),
    "/envelope/activity": () => ok({ events: TEST_ACTIVITY, chainValid: true }),
    "/envelope/list-envelope-attachments": () => ok({ attachments: [] }),
    "/envelope/list-requests": () => ok({ requests: [] }),
    "/envelope/dashboard": () =>
      ok({
        pendingSignature: 2,
        inProgress: 3,
        completed: 4,
        drafts: 1,
        inboxPending: 0,
        recent: [],
      }),
  };
}

export { apiError };
