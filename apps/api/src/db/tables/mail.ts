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
