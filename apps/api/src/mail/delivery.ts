import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { sendMailJob } from "./job-definitions";
import { jobHandler, UnrecoverableJobError, type RegisteredJob } from "../jobs/job-worker";
import type { Logger } from "../logger";
import { isSealedMailBody, openMailBody } from "./body-sealing";
import { describeSendError, outboxMessageId, type MailTransport } from "./transport";

export interface MailDeliveryDeps {
  db: Kysely<Database>;
  transport: MailTransport;
  /** The key the outbox bodies are sealed with (`deriveMailKey`). */
  mailKey: Buffer;
  /** The From of every message (MAIL_FROM). */
  from: string;
  logger: Logger;
  /** For masking its credentials in stored errors. */
  smtpUrl?: string;
}

/** A delivery the transport refused or could not make, described without credentials. */
export class MailDeliveryError extends Error {
  override readonly name = "MailDeliveryError";
}

/** The last error of a message whose body does not open: retrying cannot help. */
export const BODY_DOES_NOT_OPEN = "the message body does not open with this master key";

/**
 * Delivers one message of the outbox: the handler of the `send-mail` job. Throws a
 * `MailDeliveryError` (the error in words, credentials masked, and nothing else: its cause is not
 * kept, so that no log holds an SMTP command) when the transport fails, so the job retries; gives
 * up at once when the body does not open or the message is gone. A message already marked sent
 * (its worker stopped between sending it and finishing the job) is not sent again.
 *
 * The guarantee: each outbox message reaches the SMTP server at least once, and every attempt
 * carries the same Message-ID (`outboxMessageId`). SMTP cannot do better than that on its own: a
 * worker killed after the server accepted the message and before `sentAt` is written (a window of
 * one database write) leaves the job to be taken over, and the message goes again with the same
 * Message-ID, which receivers use to drop the repeat.
 */
export async function deliverMail(deps: MailDeliveryDeps, mailId: string): Promise<void> {
  const log = deps.logger.child({ component: "mail", outboxId: mailId });
  const mail = await deps.db
    .selectFrom("mailOutbox")
    .select(["id", "toAddress", "subject", "textBody", "htmlBody", "locale", "sentAt"])
    .where("id", "=", mailId)
    .executeTakeFirst();
  if (mail === undefined) throw new UnrecoverableJobError("the message is not in the outbox");
  if (mail.sentAt !== null) {
    log.warn("mail already sent by an interrupted attempt; not sending it twice");
    return;
  }
  const binding = { to: mail.toAddress, subject: mail.subject };
  let text: string;
  let html: string | null;
  try {
    text = openMailBody(deps.mailKey, binding, mail.textBody);
    html = mail.htmlBody === null ? null : openMailBody(deps.mailKey, binding, mail.htmlBody);
  } catch {
    // Another master key, or an altered row: retrying cannot help.
    throw new UnrecoverableJobError(BODY_DOES_NOT_OPEN);
  }
  let messageId: string | null;
  try {
    ({ messageId } = await deps.transport.send({
      outboxId: mail.id,
      messageId: outboxMessageId(mail.id, deps.from),
      from: deps.from,
      to: mail.toAddress,
      subject: mail.subject,
      text,
      html,
      locale: mail.locale,
    }));
  } catch (error) {
    throw new MailDeliveryError(describeSendError(error, deps.smtpUrl));
  }
  // A body stored before bodies were sealed is cleared once delivered.
  const legacy = !isSealedMailBody(mail.textBody);
  await deps.db
    .updateTable("mailOutbox")
    .set({
      sentAt: sql<Date>`now()`,
      messageId,
      updatedAt: sql<Date>`now()`,
      ...(legacy ? { textBody: "", htmlBody: null } : {}),
    })
    .where("id", "=", mail.id)
    .execute();
  log.info({ transport: deps.transport.kind }, "mail sent");
}

/** The `send-mail` job with its handler, for the job worker. */
export function sendMailHandler(deps: MailDeliveryDeps): RegisteredJob {
  return jobHandler(sendMailJob, ({ mailId }) => deliverMail(deps, mailId));
}
