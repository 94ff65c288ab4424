import { z } from "zod";
import { defineJob } from "../jobs/queue";

/**
 * Delivers one message of the mail outbox (`enqueueMail`) through the mail transport (SMTP, or the
 * development mailbox). Enqueued in the transaction that wrote the message. Gives up after 8
 * attempts, or at once when the body does not open (another master key, an altered row).
 */
export const sendMailJob = defineJob("send-mail", z.object({ mailId: z.uuid() }), {
  maxAttempts: 8,
});
