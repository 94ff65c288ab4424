import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { openMailBody } from "../mail/body-sealing";

/** A message of the outbox with its bodies opened. */
export interface OpenedMail {
  id: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string | null;
  locale: string | null;
  createdAt: Date;
}

/** The outbox's messages (to `to` when given), newest first, bodies opened with `mailKey`. */
export async function outboxMails(
  db: Kysely<Database>,
  mailKey: Buffer,
  to?: string,
): Promise<OpenedMail[]> {
  let query = db
    .selectFrom("mailOutbox")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc");
  if (to !== undefined) query = query.where("toAddress", "=", to);
  const rows = await query.execute();
  return rows.map((row) => {
    const binding = { to: row.toAddress, subject: row.subject };
    return {
      id: row.id,
      toAddress: row.toAddress,
      subject: row.subject,
      text: openMailBody(mailKey, binding, row.textBody),
      html: row.htmlBody === null ? null : openMailBody(mailKey, binding, row.htmlBody),
      locale: row.locale,
      createdAt: row.createdAt,
    };
  });
}
