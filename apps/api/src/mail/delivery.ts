import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { sendMailJob } from "./job-definitions";
import { jobHandler, UnrecoverableJobError, type RegisteredJob } from "../jobs/job-worker";
import type { Logger } from "../logger";
import { isSealedMailBody, openMailBody } from "./body-sealing";
import { describeSendError, outboxMessageId, type MailTransport } from "./transport";
import { openSmtpPassword } from "./sender-secret";
import {
  describeTeamSendError,
  sendThroughTeamServer,
  type TeamSmtpOptions,
  type TeamSmtpServer,
} from "./team-smtp";

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
  /**
   * The checked address of a team's server (`TeamSmtpOptions.resolveAddress`): in production, one
   * of its public addresses; absent (development, test), the host as given.
   */
  resolveTeamHost?: (host: string) => Promise<string>;
  /** Timeouts of the connections to teams' own servers. */
  teamTimeouts?: TeamSmtpOptions["timeouts"];
}

/**
 * How a message of `teamId` leaves: through the team's own server when it is verified (and only
 * then), else through the deployment's with the team's name. A message of no team (sign-in codes)
 * leaves as the deployment's, unchanged.
 */
export type SenderRoute =
  | { via: "deployment"; fromName: string | null }
  | { via: "team"; fromName: string; server: TeamSmtpServer | { unreadable: string } };

export async function senderRoute(
  db: Kysely<Database>,
  mailKey: Buffer,
  teamId: string | null,
): Promise<SenderRoute> {
  if (teamId === null) return { via: "deployment", fromName: null };
  const row = await db
    .selectFrom("team")
    .leftJoin("teamBranding", "teamBranding.teamId", "team.id")
    .leftJoin("teamMailSender", "teamMailSender.teamId", "team.id")
    .select([
      "team.name",
      "teamBranding.displayName",
      "teamMailSender.mode",
      "teamMailSender.host",
      "teamMailSender.port",
      "teamMailSender.tls",
      "teamMailSender.username",
      "teamMailSender.passwordSealed",
      "teamMailSender.fromAddress",
      "teamMailSender.verifiedAt",
    ])
    .where("team.id", "=", teamId)
    .executeTakeFirst();
  if (row === undefined) return { via: "deployment", fromName: null };
  const fromName = row.displayName ?? row.name;
  if (
    row.mode !== "smtp" ||
    row.verifiedAt === null ||
    row.host === null ||
    row.port === null ||
    row.tls === null ||
    row.fromAddress === null
  ) {
    return { via: "deployment", fromName };
  }
  let password: string | null = null;
  if (row.passwordSealed !== null) {
    try {
      password = openSmtpPassword(mailKey, teamId, row.passwordSealed);
    } catch {
      return {
        via: "team",
        fromName,
        server: { unreadable: "The stored SMTP password does not open; save it again." },
      };
    }
  }
  return {
    via: "team",
    fromName,
    server: {
      host: row.host,
      port: row.port,
      tls: row.tls,
      user: row.username ?? "",
      password,
      fromAddress: row.fromAddress,
    },
  };
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
    .select([
      "id",
      "toAddress",
      "subject",
      "textBody",
      "htmlBody",
      "locale",
      "sentAt",
      "teamId",
      "replyTo",
    ])
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
  const route = await senderRoute(deps.db, deps.mailKey, mail.teamId);
  const attemptAt = new Date();
  const failed = async (description: string): Promise<never> => {
    // Recorded where people look: on the message (the envelope shows it) and, for the team's
    // server, on its settings. The job retries; the message never goes through another server.
    try {
      await deps.db
        .updateTable("mailOutbox")
        .set({ lastError: description, lastAttemptAt: attemptAt, via: route.via })
        .where("id", "=", mail.id)
        .execute();
      if (route.via === "team" && mail.teamId !== null) {
        await deps.db
          .updateTable("teamMailSender")
          .set({ lastError: description, lastErrorAt: attemptAt })
          .where("teamId", "=", mail.teamId)
          .execute();
      }
    } catch {
      // The job keeps the error too: a database that cannot record it does not hide it.
    }
    throw new MailDeliveryError(description);
  };
  let messageId: string | null = null;
  if (route.via === "team") {
    const { server } = route;
    if ("unreadable" in server) return failed(server.unreadable);
    try {
      ({ messageId } = await sendThroughTeamServer(
        server,
        {
          outboxId: mail.id,
          messageId: outboxMessageId(mail.id, server.fromAddress),
          from: server.fromAddress,
          fromName: route.fromName,
          to: mail.toAddress,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text,
          html,
          locale: mail.locale,
        },
        {
          ...(deps.resolveTeamHost === undefined ? {} : { resolveAddress: deps.resolveTeamHost }),
          ...(deps.teamTimeouts === undefined ? {} : { timeouts: deps.teamTimeouts }),
        },
      ));
    } catch (error) {
      return failed(describeTeamSendError(error, server));
    }
  } else {
    try {
      ({ messageId } = await deps.transport.send({
        outboxId: mail.id,
        messageId: outboxMessageId(mail.id, deps.from),
        from: deps.from,
        fromName: route.fromName,
        to: mail.toAddress,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text,
        html,
        locale: mail.locale,
      }));
    } catch (error) {
      return failed(describeSendError(error, deps.smtpUrl));
    }
  }
  // A body stored before bodies were sealed is cleared once delivered.
  const legacy = !isSealedMailBody(mail.textBody);
  await deps.db
    .updateTable("mailOutbox")
    .set({
      sentAt: sql<Date>`now()`,
      messageId,
      via: route.via,
      lastError: null,
      updatedAt: sql<Date>`now()`,
      ...(legacy ? { textBody: "", htmlBody: null } : {}),
    })
    .where("id", "=", mail.id)
    .execute();
  if (route.via === "team" && mail.teamId !== null) {
    await deps.db
      .updateTable("teamMailSender")
      .set({ lastDeliveredAt: sql<Date>`now()` })
      .where("teamId", "=", mail.teamId)
      .execute();
  }
  log.info({ transport: route.via === "team" ? "team-smtp" : deps.transport.kind }, "mail sent");
}

/** The `send-mail` job with its handler, for the job worker. */
export function sendMailHandler(deps: MailDeliveryDeps): RegisteredJob {
  return jobHandler(sendMailJob, ({ mailId }) => deliverMail(deps, mailId));
}
