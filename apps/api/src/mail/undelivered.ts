import type { UndeliveredMail } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";

/**
 * The mail about `envelopeId` not delivered yet that failed at least once, oldest first: to whom,
 * through which server, why, and when its job tries again (null once it gave up).
 */
export async function undeliveredMailsOf(
  db: Kysely<Database>,
  envelopeId: string,
): Promise<UndeliveredMail[]> {
  const rows = await db
    .selectFrom("mailOutbox")
    .leftJoin("job", (join) =>
      join.on("job.dedupeKey", "=", sql<string>`'send-mail:' || mail_outbox.id::text`),
    )
    .select([
      "mailOutbox.toAddress",
      "mailOutbox.via",
      "mailOutbox.lastError",
      "mailOutbox.lastAttemptAt",
      "job.status",
      "job.runAt",
    ])
    .where("mailOutbox.envelopeId", "=", envelopeId)
    .where("mailOutbox.sentAt", "is", null)
    .where("mailOutbox.lastError", "is not", null)
    .orderBy("mailOutbox.createdAt")
    .limit(50)
    .execute();
  return rows.map((row) => ({
    to: row.toAddress,
    via: row.via ?? "deployment",
    error: row.lastError ?? "",
    lastAttemptAt: (row.lastAttemptAt ?? new Date(0)).toISOString(),
    nextAttemptAt:
      row.status === "pending" || row.status === "running"
        ? (row.runAt ?? new Date()).toISOString()
        : null,
  }));
}
