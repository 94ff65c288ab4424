import { z } from "zod";
import { defineJob } from "../jobs/queue";

/**
 * Delivers one SMS of the outbox (`enqueueSms`) through the SMS provider (or the development
 * mailbox). Enqueued in the transaction that wrote the SMS. Gives up after 8 attempts, or at once
 * when the provider calls the message wrong or its body does not open.
 */
export const sendSmsJob = defineJob("send-sms", z.object({ smsId: z.uuid() }), {
  maxAttempts: 8,
});
