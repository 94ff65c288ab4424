import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * The database as Kysely sees it. Names are camelCase here and snake_case in PostgreSQL
 * (`job.lockedUntil` is `job.locked_until`): the connection uses Kysely's
 * CamelCasePlugin. Migrations in `./migrations` are the source of truth for the tables.
 */
export interface Database {
  mailOutbox: MailOutboxTable;
  devMailbox: DevMailboxTable;
  appUser: AppUserTable;
  userSession: UserSessionTable;
  requestNonce: RequestNonceTable;
  team: TeamTable;
  role: RoleTable;
  teamMember: TeamMemberTable;
  workspace: WorkspaceTable;
  workspaceMember: WorkspaceMemberTable;
  loginCode: LoginCodeTable;
  rateLimitCounter: RateLimitCounterTable;
  passkey: PasskeyTable;
  webauthnChallenge: WebauthnChallengeTable;
  envelope: EnvelopeTable;
  envelopeDocument: EnvelopeDocumentTable;
  envelopeStatusCount: EnvelopeStatusCountTable;
  documentPreview: DocumentPreviewTable;
  recipient: RecipientTable;
  recipientPageView: RecipientPageViewTable;
  field: FieldTable;
  activityEvent: ActivityEventTable;
  contact: ContactTable;
  job: JobTable;
  tag: TagTable;
  envelopeTag: EnvelopeTagTable;
  teamInvitation: TeamInvitationTable;
  bulkSend: BulkSendTable;
  bulkSendRow: BulkSendRowTable;
  ssoConfiguration: SsoConfigurationTable;
  oidcLoginAttempt: OidcLoginAttemptTable;
  ssoDomain: SsoDomainTable;
  apiKey: ApiKeyTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookDelivery: WebhookDeliveryTable;
  webhookEndpointWorkspace: WebhookEndpointWorkspaceTable;
  supportConversation: SupportConversationTable;
  supportMessage: SupportMessageTable;
  plan: PlanTable;
  teamSubscription: TeamSubscriptionTable;
  usageCounter: UsageCounterTable;
  usageEvent: UsageEventTable;
}

/** A timestamp column: read as a Date, written as a Date or an SQL expression. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * Mail written in the same transaction as the change that causes it, with the `send-mail` job
 * that delivers it (the job holds its attempts, lease, last error and final state).
 */
export interface MailOutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  /** Sealed (`mail/body-sealing.ts`). */
  textBody: string;
  htmlBody: string | null;
  locale: string | null;
  /** The transport's id of the delivered message. */
  messageId: string | null;
  /** When it was delivered; set, it is never sent again. */
  sentAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** Mail delivered to the development mailbox (no SMTP server configured, not in production). */
export interface DevMailboxTable {
  id: Generated<string>;
  outboxId: string | null;
  fromAddress: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  locale: string | null;
  createdAt: GeneratedTimestamp;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewMailOutboxRow = Insertable<MailOutboxTable>;
export type DevMailboxRow = Selectable<DevMailboxTable>;

export type Language = "en" | "fr";

/** A person who completed a login (spec §3 user profile). */
export interface AppUserTable {
  id: Generated<string>;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  preferredLanguage: ColumnType<Language, Language | undefined, Language>;
  /** When Paraphe itself proved the email (a sign-in code); never on an identity provider's word. */
  emailVerifiedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A session credential; its secret key is derived, never stored (see `auth/session-credentials`). */
export interface UserSessionTable {
  accessKey: string;
  userId: string;
  ipAddress: string | null;
  platform: string | null;
  userAgent: string | null;
  method: "code" | "passkey" | "oidc";
  /**
   * Whether the session rests on an email Paraphe proved (a code, or a passkey registered by such a
   * session): only then does it reach the signing requests of its email in other teams.
   */
  emailProven: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: GeneratedTimestamp;
  lastUsedAt: Timestamp | null;
  endedAt: Timestamp | null;
}

/** RFC 9421 nonces seen inside the skew window. */
export interface RequestNonceTable {
  keyId: string;
  nonce: string;
  expiresAt: Timestamp;
}

export type AppUserRow = Selectable<AppUserTable>;
export type UserSessionRow = Selectable<UserSessionTable>;

/** A team (spec §3). */
export interface TeamTable {
  id: Generated<string>;
  name: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/**
 * A role of a team (spec §3, §6): its permission rules as jsonb, written as a JSON string
 * (`JSON.stringify(rules)`), read back parsed.
 */
export interface RoleTable {
  id: Generated<string>;
  teamId: string;
  name: string;
  origin: "managed" | "custom";
  permissions: ColumnType<unknown, string, string>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A person's membership of a team (one team per person), with their role. */
export interface TeamMemberTable {
  teamId: string;
  userId: string;
  roleId: string;
  joinedAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A workspace of a team (spec §3); at most one per team is the default. */
export interface WorkspaceTable {
  id: Generated<string>;
  teamId: string;
  name: string;
  /** `#rrggbb`, lower case. */
  color: string;
  isDefault: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A pending invitation to join a team: the SHA-256 of its token only. */
export interface TeamInvitationTable {
  id: Generated<string>;
  teamId: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  /** From the members CSV import; given to an account without a phone number on acceptance. */
  phone: Generated<string | null>;
  roleId: string;
  invitedBy: string | null;
  language: Language;
  tokenHash: Buffer;
  sentAt: Timestamp;
  lastSentAt: Timestamp;
  resentCount: Generated<number>;
  expiresAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WorkspaceMemberTable {
  workspaceId: string;
  userId: string;
  joinedAt: GeneratedTimestamp;
}

/** An email login code: its HMAC only; used or replaced codes carry `consumedAt`. */
export interface LoginCodeTable {
  id: Generated<string>;
  email: string;
  codeHash: Uint8Array;
  /** The language of the mail, and of the account if this code creates one. */
  language: Language;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  consumedAt: Timestamp | null;
  /** The network that asked for it (an IPv4 address or an IPv6 /64); null when unknown. */
  requestedFrom: string | null;
}

/** A fixed-window counter of a rate limit (`login-code:email:<hash>` for the window starting at ...). */
export interface RateLimitCounterTable {
  bucket: string;
  windowStart: Timestamp;
  count: number;
  expiresAt: Timestamp;
}

/** A WebAuthn credential (spec §3 passkey); `id` is the credential id, base64url. */
export interface PasskeyTable {
  id: string;
  userId: string;
  publicKey: Uint8Array;
  /** bigint in PostgreSQL: read as a string by some drivers, hence `Number(...)` on read. */
  counter: ColumnType<string | number, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  deviceType: string | null;
  backedUp: ColumnType<boolean, boolean | undefined, boolean>;
  /** Registered by a session whose email Paraphe proved: its sessions are proven too. */
  emailProven: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: GeneratedTimestamp;
  lastUsedAt: Timestamp | null;
}

/** A WebAuthn challenge handed out for a registration (of `userId`) or a login; single use. */
export interface WebauthnChallengeTable {
  id: Generated<string>;
  challenge: string;
  userId: string | null;
  purpose: "registration" | "authentication";
  expiresAt: Timestamp;
}

export type TeamRow = Selectable<TeamTable>;
export type RoleRow = Selectable<RoleTable>;
export type WorkspaceRow = Selectable<WorkspaceTable>;
export type LoginCodeRow = Selectable<LoginCodeTable>;
export type PasskeyRow = Selectable<PasskeyTable>;

export type EnvelopeStatus =
  "draft" | "approving" | "signing" | "complete" | "declined" | "canceled";
export type RecipientStatus = "pending" | "approved" | "signed" | "declined" | "canceled";
export type RecipientKind = "signer" | "approver";

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
  signingOrder: ColumnType<"parallel" | "sequential", "parallel" | "sequential" | undefined>;
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
  /** An envelope, or a template (spec §3) that envelopes are created from. */
  kind: ColumnType<EnvelopeKind, EnvelopeKind | undefined, EnvelopeKind>;
  /** A template's status; null for an envelope. */
  templateStatus: TemplateStatus | null;
  /** The team API key that created this envelope from a template; null otherwise. */
  createdByApiKeyId: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** A signer signs; an approver approves (or rejects) before any signer is invited. */
  kind: ColumnType<RecipientKind, RecipientKind | undefined, RecipientKind>;
  approvedAt: Timestamp | null;
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
  "signature" | "initials" | "text" | "image" | "date" | "name" | "email" | "checkbox";

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

export interface ContactTable {
  id: Generated<string>;
  workspaceId: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A tag of a team (spec §3): its name is unique in the team regardless of case. */
export interface TagTable {
  id: Generated<string>;
  teamId: string;
  name: string;
  /** `#rrggbb`, lower case. */
  color: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A tag set on an envelope. */
export interface EnvelopeTagTable {
  envelopeId: string;
  tagId: string;
}

export type TagRow = Selectable<TagTable>;

export type JobStatus = "pending" | "running" | "done" | "failed";

/** Background work; `payload` is jsonb (written as JSON text). */
export interface JobTable {
  id: Generated<string>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  dedupeKey: string | null;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  runAt: GeneratedTimestamp;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  finishedAt: Timestamp | null;
}

export type JobRow = Selectable<JobTable>;
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

/** A team's single sign-on configuration: the client secret sealed (`sso/client-secret.ts`). */
export interface SsoConfigurationTable {
  teamId: string;
  clientId: string;
  clientSecretSealed: string;
  issuerUrl: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Null: the provider publishes none (optional, issue 26). */
  userinfoUrl: string | null;
  revocationUrl: string | null;
  jwksUrl: string;
  enabled: boolean;
  /** Null once the role was deleted: the managed Member role then. */
  defaultRoleId: string | null;
  /**
   * The member who last saved it (null once their account is gone): single sign-on opens no
   * account whose role holds more than theirs.
   */
  updatedByUserId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * An email domain a team claims for single sign-on, proven by the DNS TXT record
 * `paraphe-verification=<token>` at `_paraphe.<domain>`; verified by one team at most.
 */
export interface SsoDomainTable {
  id: Generated<string>;
  teamId: string;
  domain: string;
  token: string;
  verifiedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A single sign-on login started and not finished: the SHA-256 of its state only. */
export interface OidcLoginAttemptTable {
  id: Generated<string>;
  teamId: string;
  email: string;
  stateHash: Buffer;
  /** SHA-256 of the value the browser that started the login keeps (login CSRF). */
  browserBindingHash: Buffer;
  returnPath: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** A team API key: its secret key is derived, never stored (`auth/api-key-credentials.ts`). */
export interface ApiKeyTable {
  id: Generated<string>;
  teamId: string;
  description: string;
  accessKey: string;
  /** Actions on templates: read, create, update, delete, manage. */
  permissions: string[];
  status: ColumnType<"active" | "revoked", "active" | "revoked" | undefined>;
  /** Null once that person's account is gone: the key then fails clearly. */
  createdByUserId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  revokedAt: Timestamp | null;
}
export type ApiKeyRow = Selectable<ApiKeyTable>;
/** A team's webhook endpoint (issue 13). */
export interface WebhookEndpointTable {
  id: Generated<string>;
  teamId: string;
  url: string;
  /** The subscribed event types, a JSON array. */
  events: ColumnType<string[], string, string>;
  /** Sealed (`webhooks/webhook-secret.ts`): read back to sign deliveries, never stored readable. */
  secretSealed: string;
  secretCreatedAt: Timestamp;
  enabled: boolean;
  /**
   * The member whose rights bound what the endpoint receives (its creator, then whoever last
   * changed it); null once that account is gone (the endpoint then receives nothing).
   */
  accountableUserId: string | null;
  /**
   * Whether it covers every workspace its accountable member belongs to (at each event), rather
   * than the ones it chose (`webhookEndpointWorkspace`).
   */
  allWorkspaces: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A workspace an endpoint chose (when it does not cover all its accountable member's). */
export interface WebhookEndpointWorkspaceTable {
  endpointId: string;
  workspaceId: string;
}

/** One event for one endpoint (the outbox row); each attempt is a `deliver-webhook` job. */
export interface WebhookDeliveryTable {
  id: Generated<string>;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The exact JSON body signed and sent. */
  payload: string;
  status: ColumnType<
    "pending" | "delivered" | "failed",
    "pending" | "delivered" | "failed" | undefined,
    "pending" | "delivered" | "failed"
  >;
  attempts: ColumnType<number, number | undefined, number>;
  lastError: string | null;
  lastResponseStatus: number | null;
  nextAttemptAt: Timestamp | null;
  deliveredAt: Timestamp | null;
  replayOfId: string | null;
  /** The event's workspace, checked again at each attempt; null for older deliveries. */
  workspaceId: Generated<string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
/** A member's conversation with support, in one team (spec §2 `/settings/support`). */
export interface SupportConversationTable {
  id: Generated<string>;
  teamId: string;
  userId: string;
  /** When its last message was written (the operators' list is sorted by it). */
  lastMessageAt: GeneratedTimestamp;
  /** When the member last read it. */
  memberReadAt: Timestamp | null;
  /** When an operator last read it: the member's later messages are unread. */
  operatorReadAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
}

/** A message of a support conversation, by the member or by an operator. */
export interface SupportMessageTable {
  id: Generated<string>;
  /** The order of the conversation (the `after` cursor). */
  seq: ColumnType<string, never, never>;
  conversationId: string;
  authorKind: "member" | "operator";
  authorUserId: string | null;
  /** 1 to 4000 characters. */
  body: string;
  createdAt: GeneratedTimestamp;
}

export type SupportConversationRow = Selectable<SupportConversationTable>;
export type SupportMessageRow = Selectable<SupportMessageTable>;

/** An offer (issue 15): limits per period, prices in cents without VAT; null limits: unlimited. */
export interface PlanTable {
  code: string;
  nameEn: string;
  nameFr: string;
  monthlyPriceCents: number;
  annualPriceCents: number;
  currency: string;
  seats: number | null;
  signaturesPerPeriod: number | null;
  apiCreditsPerPeriod: number | null;
  recommended: ColumnType<boolean, boolean | undefined, boolean>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
}
export type PlanRow = Selectable<PlanTable>;
/** A team's subscription; a team without one is on the default plan (`free`). */
export interface TeamSubscriptionTable {
  teamId: string;
  planCode: string;
  status: "active" | "past_due" | "canceled";
  billingPeriod: "monthly" | "annual";
  periodStart: Timestamp;
  periodEnd: Timestamp;
  provider: string;
  providerReference: string | null;
  updatedAt: Timestamp;
}
export type TeamSubscriptionRow = Selectable<TeamSubscriptionTable>;
/** Signatures and API credits a team used in one period. */
export interface UsageCounterTable {
  teamId: string;
  periodStart: Timestamp;
  periodEnd: Timestamp;
  signaturesUsed: ColumnType<number, number | undefined, number>;
  apiCreditsUsed: ColumnType<number, number | undefined, number>;
}
/** One line of the usage log. */
export interface UsageEventTable {
  id: Generated<string>;
  teamId: string;
  at: Timestamp;
  type: "envelope_sent" | "api_credit" | "seat_added" | "plan_changed";
  details: ColumnType<Record<string, unknown>, string, string>;
  userId: string | null;
}
export type UsageEventRow = Selectable<UsageEventTable>;
