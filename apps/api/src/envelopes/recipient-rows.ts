import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { fieldError } from "./command-errors";
import { loadRecipients } from "./views";

/**
 * The first step of saving a document's whole list of recipients (an envelope's people, a
 * template's roles), on the locked row: every uuid given must be one of the document's (else
 * VALIDATION_ERROR `not_found` at `<path>.<index>.uuid`), the rows not given are deleted, and the
 * kept ones are parked out of the way of the unique positions and `unique` column (emails, labels)
 * so that the list can be written again in its new order.
 */
export async function makeRoomForRecipients(
  trx: Kysely<Database>,
  documentId: string,
  given: readonly { uuid?: string | undefined }[],
  path: "recipients" | "roles",
  unique: "email" | "label",
): Promise<void> {
  const existing = await loadRecipients(trx, documentId);
  const existingIds = new Set(existing.map((row) => row.id));
  given.forEach((entry, index) => {
    if (entry.uuid !== undefined && !existingIds.has(entry.uuid)) {
      throw fieldError(`${path}.${index}.uuid`, "not_found");
    }
  });
  const kept = new Set(given.flatMap((entry) => entry.uuid ?? []));
  const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removed.length > 0) await trx.deleteFrom("recipient").where("id", "in", removed).execute();
  const moving = sql<string>`'moving:' || id`;
  await trx
    .updateTable("recipient")
    .set({
      position: sql<number>`-position`,
      ...(unique === "email" ? { email: moving } : { label: moving }),
    })
    .where("envelopeId", "=", documentId)
    .execute();
}
