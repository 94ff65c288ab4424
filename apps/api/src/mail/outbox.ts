import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/database";
import { enqueueJob } from "../jobs/queue";
import { sendMailJob } from "./job-definitions";
import { sealMailBody } from "./body-sealing";

const headerText = z
  .string()
  .min(1)
  .max(998)
  .refine((value) => !/[\r\n]/.test(value), { message: "must be one line" });

export const outgoingMailSchema = z.object({
  // Internationalised addresses (élodie@exemple.fr) included.
  to: z.email({ pattern: z.regexes.unicodeEmail }),
  subject: headerText,
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  locale: z.enum(["en", "fr"]).optional(),
});

export type OutgoingMail = z.input<typeof outgoingMailSchema>;

/**
 * Whose mail a message is: the team whose sender settings apply (its own server once verified, or
 * the deployment's with the team's name), the envelope it is about (shown there while it is not
 * delivered), and the address answers go to (the envelope's sender, the inviter).
 */
export interface MailOrigin {
  teamId: string;
  envelopeId?: string;
  replyTo?: string;
}

/**
 * Puts a message in the outbox and enqueues its `send-mail` job. Pass the transaction of the change
 * that causes the mail: the message and its job exist (and the job workers are woken) only if that
 * transaction commits. The job worker sends it afterwards, with retries. The bodies are stored
 * sealed with `mailKey` (`deriveMailKey`): they carry codes and links; the recipient and subject
 * stay readable for the log, so a subject must never hold a secret. `origin` says whose mail it is
 * (`MailOrigin`); without it, the message is the deployment's own (sign-in codes, support).
 */
export async function enqueueMail(
  trx: Kysely<Database>,
  mailKey: Buffer,
  mail: OutgoingMail,
  origin?: MailOrigin,
): Promise<{ id: string }> {
  const message = outgoingMailSchema.parse(mail);
  const binding = { to: message.to, subject: message.subject };
  const row = await trx
    .insertInto("mailOutbox")
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: sealMailBody(mailKey, binding, message.text),
      htmlBody: message.html === undefined ? null : sealMailBody(mailKey, binding, message.html),
      locale: message.locale ?? null,
      teamId: origin?.teamId ?? null,
      envelopeId: origin?.envelopeId ?? null,
      replyTo: origin?.replyTo ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueueJob(trx, sendMailJob, { mailId: row.id }, { dedupeKey: `send-mail:${row.id}` });
  return row;
}
