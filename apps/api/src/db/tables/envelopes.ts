import type { ColumnType, Generated, Selectable } from "kysely";
import type { GeneratedTimestamp, Timestamp } from "./columns";

export type EnvelopeStatus =
  "draft" | "approving" | "signing" | "complete" | "declined" | "canceled";

/** The check a signer passes before signing (the contract's RECIPIENT_VERIFICATIONS). */
export type RecipientVerification = "none" | "email_code" | "sms_code" | "account";

/** Where a signer's verification code went. */
export type VerificationCodeChannel = "email" | "sms" | "account";

export type RecipientStatus =
  "pending" | "approved" | "signed" | "viewed" | "declined" | "canceled";

export type RecipientKind = "signer" | "approver" | "cc" | "viewer";
export type SigningOrder = "parallel" | "sequential" | "custom";

export type EnvelopeKind = "envelope" | "template";

export type TemplateStatus = "incomplete" | "draft" | "active" | "archived";

/**
 * An envelope (spec §3): documents sent for signature, with its options; or, of kind `template`,
 * a template envelopes are created from (its recipients are labelled roles).
 */
export interface EnvelopeTable {
  id: Generated<string>;
  teamId: string;
  workspaceId: string;
  ownerUserId: string;
  title: string;
  status: ColumnType<EnvelopeStatus, EnvelopeStatus | undefined, EnvelopeStatus>;
  signatureLevel: ColumnType<"SES" | "AES" | "QES", "SES" | "AES" | "QES" | undefined>;
  senderName: ColumnType<"team" | "personal", "team" | "personal" | undefined>;
  message: string | null;
  initialsOnAllPages: ColumnType<boolean, boolean | undefined, boolean>;
  expiresAt: Timestamp | null;
  reminderDays: number | null;
  /** The editor's preset: the order itself is the recipients' `step`s (`turns.ts`). */
  signingOrder: ColumnType<SigningOrder, SigningOrder | undefined>;
  sentAt: Timestamp | null;
  completedAt: Timestamp | null;
  canceledAt: Timestamp | null;
  cancelReason: string | null;
  /** The hash of the newest activity event (detects dropped events). */
  activityHead: string | null;
  proofBlobKey: string | null;
  /** When the seal-envelope job gave up after its last attempt; null while sealing may proceed. */
  sealFailedAt: Timestamp | null;
  /** The last error of the seal job that gave up (English, for the log and the sender). */
  sealError: string | null;
  /**
   * When the sender was last mailed that a signer met a missing original file (at most once a
   * day, `open-envelope.ts`); null when never.
   */
  originalMissingNoticedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** An envelope, or a template (spec §3) that envelopes are created from. */
  kind: ColumnType<EnvelopeKind, EnvelopeKind | undefined, EnvelopeKind>;
  /** A template's status; null for an envelope. */
  templateStatus: TemplateStatus | null;
  /** The team API key that created this envelope from a template; null otherwise. */
  createdByApiKeyId: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the team's retention policy deleted the envelope's documents; null until then. */
  documentsDeletedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Whether a signer may hand their turn to someone else (`delegate-envelope.ts`). */
  allowDelegation: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/**
 * How many envelopes (not templates) of a team's workspace, owned by one member, are in one
 * status: kept by triggers on `envelope` in the transaction of each change; no row at zero.
 */
export interface EnvelopeStatusCountTable {
  teamId: string;
  workspaceId: string;
  ownerUserId: string;
  status: EnvelopeStatus;
  /** bigint: read as a string. */
  count: ColumnType<string, never, never>;
}

/** One uploaded PDF of an envelope; `pages` is jsonb (`[{ width, height }]`, written as JSON text). */
export interface EnvelopeDocumentTable {
  id: Generated<string>;
  envelopeId: string;
  position: number;
  filename: string;
  pageCount: number;
  pages: ColumnType<{ width: number; height: number }[], string, string>;
  sha256: string;
  blobKey: string;
  sealedBlobKey: string | null;
  sealedSha256: string | null;
  /**
   * The current revision at the advanced level: the original with the fields and signature of
   * each signer who signed so far (incremental updates); null while it is the original.
   */
  revisionBlobKey: ColumnType<string | null, string | null | undefined, string | null>;
  revisionSha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** Pages (0-based, ascending) pdf.js could not draw: they have no preview and cannot be read. */
  unreadablePages: ColumnType<number[], number[] | undefined, number[]>;
}

export interface DocumentPreviewTable {
  documentId: string;
  page: number;
  blobKey: string;
  contentType: string;
  width: number;
  height: number;
}

/** A signer of an envelope, in signing order, with the hash of their access link's token. */
export interface RecipientTable {
  id: Generated<string>;
  envelopeId: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  position: number;
  status: ColumnType<RecipientStatus, RecipientStatus | undefined, RecipientStatus>;
  /** SHA-256 (hex) of the token of the recipient's current link; the token itself is never stored. */
  linkTokenHash: string;
  /** Version of the current link: its token derives from (id, version); a resend bumps it. 0: a token from before derivation. */
  linkVersion: ColumnType<number, number | undefined, number>;
  linkCreatedAt: Timestamp | null;
  invitedAt: Timestamp | null;
  /** When the newest reminder was queued (the envelope-deadlines job); null before the first. */
  lastRemindedAt: Timestamp | null;
  openedAt: Timestamp | null;
  signedAt: Timestamp | null;
  declinedAt: Timestamp | null;
  declineReason: string | null;
  signatureBlobKey: string | null;
  initialsBlobKey: string | null;
  /** A template role's label (unique in the template regardless of case); null for a person. */
  label: string | null;
  /**
   * A signer signs; an approver approves (or rejects) before any signer is invited; a copy (`cc`)
   * never acts and receives the result on completion; a viewer reads every page and marks the
   * document read, and never signs.
   */
  kind: ColumnType<RecipientKind, RecipientKind | undefined, RecipientKind>;
  approvedAt: Timestamp | null;
  /** When a viewer marked the document read (every page read); null until then. */
  viewedAt: Timestamp | null;
  /**
   * The recipient's step (from 1, without gaps): steps run in order, everyone of a step at once,
   * the step's approvers before its signers (`turns.ts`).
   */
  step: ColumnType<number, number | undefined, number>;
  /** The check required before signing: none, or a code mailed to the recipient's address. */
  verification: ColumnType<
    RecipientVerification,
    RecipientVerification | undefined,
    RecipientVerification
  >;
  /** When the required check was passed; null until then. */
  verifiedAt: Timestamp | null;
}

/**
 * A verification code mailed to a signer (`envelopes/recipient-verification.ts`): only its HMAC is
 * kept, with the address it went to, its lifetime and the wrong tries counted against it.
 */
export interface RecipientVerificationCodeTable {
  id: Generated<string>;
  recipientId: string;
  email: string;
  codeHash: Buffer;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  consumedAt: Timestamp | null;
  /**
   * How the code went: by mail to `email`, by SMS to `phone`, or by mail to the Paraphe account
   * whose email is `email` (a signer's `account` check).
   */
  channel: ColumnType<
    VerificationCodeChannel,
    VerificationCodeChannel | undefined,
    VerificationCodeChannel
  >;
  /** The number an SMS code went to; null for a mailed code. */
  phone: string | null;
}

/**
 * The OAuth 2.0 authorization a signer started at the qualified provider (`envelopes/qualified-signature.ts`):
 * the SHA-256 of its `state` and its PKCE verifier sealed, until the callback or ten minutes.
 */
export interface QesAuthorizationTable {
  recipientId: string;
  stateHash: Buffer;
  codeVerifier: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

/**
 * A signer who handed their turn to someone else: the recipient row took the new person's identity
 * and a new link; this row keeps who delegated to whom, why, and the hash of the link that stopped.
 */
export interface RecipientDelegationTable {
  id: Generated<string>;
  envelopeId: string;
  recipientId: string;
  oldLinkTokenHash: string;
  fromEmail: string;
  fromFirstname: string;
  fromLastname: string;
  toEmail: string;
  toFirstname: string;
  toLastname: string;
  reason: string;
  delegatedAt: Timestamp;
}

export interface RecipientPageViewTable {
  recipientId: string;
  documentId: string;
  page: number;
  /** When the page's preview was served to the recipient. */
  viewedAt: GeneratedTimestamp;
  /** When the signing page reported the page read (on screen); null while only served. */
  readAt: Date | null;
}

export type FieldKindColumn =
  | "signature"
  | "initials"
  | "text"
  | "image"
  | "date"
  | "name"
  | "email"
  | "checkbox"
  | "radio"
  | "dropdown"
  | "number"
  | "phone"
  | "readonly"
  | "attachment";

export interface FieldTable {
  id: Generated<string>;
  envelopeId: string;
  documentId: string;
  recipientId: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: FieldKindColumn;
  required: ColumnType<boolean, boolean | undefined, boolean>;
  label: string | null;
  value: string | null;
  /** `fieldSettingsSchema` as jsonb (written as JSON text; read back parsed). */
  settings: ColumnType<unknown, string | undefined, string>;
}

/** One link of an envelope's hash-chained activity log; `data` is the whole audit event (jsonb). */
export interface ActivityEventTable {
  envelopeId: string;
  seq: number;
  type: string;
  data: ColumnType<unknown, string, string>;
  hash: string;
  previousHash: string | null;
  /** Whether `hash` is keyed (HMAC-SHA-256); false: recorded before chains were keyed, not yet re-keyed. */
  keyed: ColumnType<boolean, boolean | undefined, boolean>;
  /** When a chain recorded before keying was checked and re-keyed; null for events keyed when recorded. */
  rekeyedAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
}

export type EnvelopeRow = Selectable<EnvelopeTable>;

export type EnvelopeDocumentRow = Selectable<EnvelopeDocumentTable>;

export type RecipientRow = Selectable<RecipientTable>;

export type FieldRow = Selectable<FieldTable>;

/** A bulk send from a template: one envelope per row, created and sent by the bulk-send job. */
export interface BulkSendTable {
  id: Generated<string>;
  teamId: string;
  templateId: string;
  creatorUserId: string;
  ip: string | null;
  userAgent: string | null;
  status: ColumnType<"running" | "done", "running" | "done" | undefined>;
  total: number;
  sentCount: ColumnType<number, number | undefined>;
  errorCount: ColumnType<number, number | undefined>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** One row of a bulk send: its input (`bulkSendRowSchema`) and its result. */
export interface BulkSendRowTable {
  bulkSendId: string;
  /** 1-based. */
  rowIndex: number;
  input: ColumnType<unknown, string, string>;
  status: ColumnType<"pending" | "ok" | "error", "pending" | "ok" | "error" | undefined>;
  envelopeId: string | null;
  reason: string | null;
}
