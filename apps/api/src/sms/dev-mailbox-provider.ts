import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { sealMailBody } from "../mail/body-sealing";
import type { SmsProvider } from "./provider";

/** The subject the development mailbox shows an SMS under. */
export const DEV_SMS_SUBJECT = "SMS";

/**
 * Outside production without an SMS provider: each SMS lands in the development mailbox
 * (`/dev/mailbox`), to the number, under the subject "SMS", its text sealed as a mail's body.
 */
export function createDevMailboxSmsProvider(
  db: Kysely<Database>,
  mailKey: Buffer,
  from: string,
): SmsProvider {
  return {
    kind: "dev-mailbox",
    async send(message) {
      const binding = { to: message.to, subject: DEV_SMS_SUBJECT };
      const row = await db
        .insertInto("devMailbox")
        .values({
          outboxId: null,
          fromAddress: from,
          toAddress: message.to,
          subject: DEV_SMS_SUBJECT,
          textBody: sealMailBody(mailKey, binding, message.text),
          htmlBody: null,
          locale: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { messageId: `dev-${row.id}` };
    },
  };
}
