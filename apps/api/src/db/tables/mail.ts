import type { Generated, Insertable, Selectable } from "kysely";
import type { GeneratedTimestamp, Timestamp } from "./columns";

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
  /** The team whose mail it is (its sender settings apply); null: the deployment's own mail. */
  teamId: string | null;
  /** The envelope the message is about, shown there while it is not delivered. */
  envelopeId: string | null;
  replyTo: string | null;
  /** The server of the last attempt: the deployment's, or the team's own. */
  via: "deployment" | "team" | null;
  /** Why the last attempt failed (credentials masked); null once delivered or before any. */
  lastError: string | null;
  lastAttemptAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/**
 * A team's mail sender (issue 33): the deployment's server (`deployment`), or the team's own SMTP
 * server (`smtp`), used only once verified. The password is sealed (`mail/sender-secret.ts`).
 */
export interface TeamMailSenderTable {
  teamId: string;
  mode: "deployment" | "smtp";
  host: string | null;
  port: number | null;
  tls: "none" | "starttls" | "tls" | null;
  username: string | null;
  passwordSealed: string | null;
  fromAddress: string | null;
  verifiedAt: Timestamp | null;
  lastError: string | null;
  lastErrorAt: Timestamp | null;
  lastDeliveredAt: Timestamp | null;
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
