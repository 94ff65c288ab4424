import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../db/database";
import { sealMailBody } from "./body-sealing";

/** One message, ready to hand to a transport. */
export interface MailMessage {
  outboxId: string;
  /**
   * The message's Message-ID, the same at every attempt ({@link outboxMessageId}): a message sent
   * again after an interrupted attempt is the same message to its receiver, which may drop it.
   */
  messageId: string;
  from: string;
  /** The From name shown instead of `from`'s (the team's name); null: `from` as it is. */
  fromName: string | null;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  locale: string | null;
}

/** The bare address of a From such as `Paraphe <no-reply@example.com>`. */
export function addressOf(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** The From of `message` for nodemailer: with its name when it has one (nodemailer encodes it). */
function fromOf(message: MailMessage): string | { name: string; address: string } {
  return message.fromName === null
    ? message.from
    : { name: message.fromName, address: addressOf(message.from) };
}

/** Where the worker delivers mail: an SMTP server, or the development mailbox. */
export interface MailTransport {
  readonly kind: "smtp" | "dev-mailbox";
  /** Delivers one message; throws when it could not. */
  send(message: MailMessage): Promise<{ messageId: string | null }>;
  close(): Promise<void>;
}

export interface SmtpTimeouts {
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
}

/**
 * The Message-ID of the outbox message `outboxId`: `<outboxId@domain of from>`. Stable, so that
 * every attempt at one message (an attempt interrupted after the SMTP server accepted it, then
 * taken over) carries the same Message-ID, and receivers can tell a repeat from a new message.
 */
export function outboxMessageId(outboxId: string, from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf("@") + 1).trim();
  return `<${outboxId}@${domain === "" ? "paraphe.localhost" : domain}>`;
}

/** Sends through nodemailer to the SMTP server of `smtpUrl` (`smtp://` or `smtps://`). */
export function createSmtpTransport(smtpUrl: string, timeouts: SmtpTimeouts = {}): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionTimeoutMs ?? 10_000,
    greetingTimeout: timeouts.greetingTimeoutMs ?? 10_000,
    socketTimeout: timeouts.socketTimeoutMs ?? 60_000,
  });
  return {
    kind: "smtp",
    async send(message) {
      const info = await transporter.sendMail({
        from: fromOf(message),
        to: message.to,
        ...(message.replyTo === null ? {} : { replyTo: message.replyTo }),
        subject: message.subject,
        messageId: message.messageId,
        text: message.text,
        ...(message.html === null ? {} : { html: message.html }),
        ...(message.locale === null ? {} : { headers: { "Content-Language": message.locale } }),
      });
      return {
        messageId: typeof info.messageId === "string" ? info.messageId : message.messageId,
      };
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Delivers into the `dev_mailbox` table, shown at `/dev/mailbox` (development only), the bodies
 * sealed with `mailKey` as in the outbox.
 */
export function createDevMailboxTransport(db: Kysely<Database>, mailKey: Buffer): MailTransport {
  return {
    kind: "dev-mailbox",
    async send(message) {
      const binding = { to: message.to, subject: message.subject };
      await db
        .insertInto("devMailbox")
        .values({
          outboxId: message.outboxId,
          fromAddress:
            message.fromName === null
              ? message.from
              : `${JSON.stringify(message.fromName)} <${addressOf(message.from)}>`,
          toAddress: message.to,
          subject: message.subject,
          textBody: sealMailBody(mailKey, binding, message.text),
          htmlBody: message.html === null ? null : sealMailBody(mailKey, binding, message.html),
          locale: message.locale,
        })
        .execute();
      return { messageId: message.messageId };
    },
    async close() {},
  };
}

/**
 * A delivery error as stored (the send-mail job's last error) and logged: its message and SMTP
 * codes, with any credentials of `smtpUrl` (and any `user:password@` in a URL) masked, at most
 * 1000 characters.
 */
export function describeSendError(error: unknown, smtpUrl?: string): string {
  let text = error instanceof Error ? error.message : String(error);
  const details =
    error instanceof Error ? (error as { code?: unknown; responseCode?: unknown }) : {};
  if (typeof details.code === "string") text = `${details.code}: ${text}`;
  if (typeof details.responseCode === "number" && !text.includes(String(details.responseCode))) {
    text = `${text} (SMTP ${details.responseCode})`;
  }
  const url = smtpUrl === undefined ? null : URL.parse(smtpUrl);
  if (url !== null) {
    for (const secret of [url.password, decodeURIComponent(url.password)]) {
      if (secret.length >= 3) text = text.split(secret).join("***");
    }
  }
  text = text.replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, "//***:***@");
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}
