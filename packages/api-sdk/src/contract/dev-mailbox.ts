import { z } from "zod";

/**
 * One message of the development mailbox (`GET /dev/mailbox.json`, only when no SMTP server is
 * configured and the api is not in production). End-to-end tests read login codes from it.
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
