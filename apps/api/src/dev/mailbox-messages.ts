import type { DevMailboxMessage } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database, DevMailboxRow } from "../db/database";
import { openMailBody } from "../mail/body-sealing";

/** The newest messages shown; older ones stay in the table. */
const LIMIT = 200;

/** The development mailbox's newest messages, newest first, bodies opened with `mailKey`. */
export async function listDevMailbox(
  { db }: { db: Kysely<Database> },
  mailKey: Buffer,
): Promise<DevMailboxMessage[]> {
  const rows = await db
    .selectFrom("devMailbox")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(LIMIT)
    .execute();
  return rows.map((row) => toMessage(mailKey, row));
}

/** A stored message with its bodies opened (one sealed under another master key says so). */
function toMessage(mailKey: Buffer, row: DevMailboxRow): DevMailboxMessage {
  const binding = { to: row.toAddress, subject: row.subject };
  const open = (stored: string): string => {
    try {
      return openMailBody(mailKey, binding, stored);
    } catch {
      return "(this message was sealed with another master key: it cannot be read)";
    }
  };
  return {
    id: row.id,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: open(row.textBody),
    html: row.htmlBody === null ? null : open(row.htmlBody),
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}
