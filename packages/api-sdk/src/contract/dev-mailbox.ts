import { z } from "zod";

/**
 * One message of the development mailbox (`GET /dev/mailbox.json`, only when no SMTP server is
 * configured, the api is not in production, `DEV_MAILBOX=1` asks for it and the api listens on a
 * loopback address). Benchmarks read login codes from it.
 */
export const devMailboxMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  locale: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;

/** The whole development mailbox, newest message first. */
export const devMailboxResponseSchema = z.array(devMailboxMessageSchema);
