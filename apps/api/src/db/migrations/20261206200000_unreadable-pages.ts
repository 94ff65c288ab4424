import { sql, type Kysely } from "kysely";

/**
 * `envelope_document.unreadable_pages`: the pages (0-based, ascending) that pdf.js could not draw
 * when their previews were rendered. Such a page cannot be read by a signer, so an envelope with one
 * cannot be sent; keeping them makes that a query rather than a new rendering. Documents stored
 * before this change have none recorded: their pages are drawn again when next asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope_document ADD COLUMN unreadable_pages integer[] NOT NULL DEFAULT '{}'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope_document DROP COLUMN unreadable_pages`.execute(db);
}
