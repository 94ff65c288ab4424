import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * The database as Kysely sees it. Names are camelCase here and snake_case in PostgreSQL
 * (`mailOutbox.nextAttemptAt` is `mail_outbox.next_attempt_at`): the connection uses Kysely's
 * CamelCasePlugin. Migrations in `./migrations` are the source of truth for the tables.
 */
export interface Database {
  mailOutbox: MailOutboxTable;
  devMailbox: DevMailboxTable;
  appUser: AppUserTable;
  userSession: UserSessionTable;
  requestNonce: RequestNonceTable;
}

/** A timestamp column: read as a Date, written as a Date or an SQL expression. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type MailStatus = "pending" | "sending" | "sent" | "failed";

/** Mail waiting to be sent, written in the same transaction as the change that causes it. */
export interface MailOutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  locale: string | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  /** Delivery attempts started so far (counted when a worker claims the row). */
  attempts: Generated<number>;
  /** The earliest time of the next attempt. */
  nextAttemptAt: GeneratedTimestamp;
  /** While `sending`: the lease of the worker sending it; past it, another worker may take it over. */
  lockedUntil: Timestamp | null;
  lastAttemptAt: Timestamp | null;
  /** The last delivery error, without secrets. */
  lastError: string | null;
  messageId: string | null;
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
  method: "code" | "passkey";
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
