import { sql, type Kysely } from "kysely";

/**
 * A page read is not a page served (issue 26): `recipient_page_view.viewed_at` keeps when the page's
 * preview was served to the recipient, and `read_at` when the signing page reported it on screen,
 * outside what its bottom bar covers (`/envelope/mark-page-read`). Signing and approving need every
 * page read. Pages served before this change count as read, as they did then, so that a recipient
 * halfway through an envelope keeps their progress.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient_page_view ADD COLUMN read_at timestamptz`.execute(db);
  await sql`UPDATE recipient_page_view SET read_at = viewed_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient_page_view DROP COLUMN read_at`.execute(db);
}
