import { E164_PHONE } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/database";
import { enqueueJob } from "../jobs/queue";
import { sealMailBody } from "../mail/body-sealing";
import { sendSmsJob } from "./job-definitions";

/** What an SMS's body is sealed to: its number (the subject is fixed). */
export function smsBinding(to: string): { to: string; subject: string } {
  return { to, subject: "sms" };
}

export const outgoingSmsSchema = z.object({
  to: z.string().regex(E164_PHONE),
  /** At most 4 segments of 153 GSM characters (or 67 UCS-2): a code's SMS takes one or two. */
  text: z.string().min(1).max(600),
  locale: z.enum(["en", "fr"]).optional(),
});
export type OutgoingSms = z.input<typeof outgoingSmsSchema>;

/**
 * Puts an SMS in the outbox and enqueues its `send-sms` job, in the caller's transaction: the SMS
 * exists (and goes) only if that transaction commits. The text is stored sealed with `mailKey`.
 */
export async function enqueueSms(
  trx: Kysely<Database>,
  mailKey: Buffer,
  sms: OutgoingSms,
): Promise<{ id: string }> {
  const message = outgoingSmsSchema.parse(sms);
  const row = await trx
    .insertInto("smsOutbox")
    .values({
      toPhone: message.to,
      body: sealMailBody(mailKey, smsBinding(message.to), message.text),
      locale: message.locale ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueueJob(trx, sendSmsJob, { smsId: row.id }, { dedupeKey: `send-sms:${row.id}` });
  return row;
}
