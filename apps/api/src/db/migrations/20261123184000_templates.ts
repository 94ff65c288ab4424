import { sql, type Kysely } from "kysely";

/**
 * Templates (spec §3, §4, §5): a template is an envelope row of kind `template`, with its own
 * status (`template_status`: incomplete, draft, active, archived; null for envelopes). Its
 * recipients are labelled roles (`recipient.label`, unique in the envelope regardless of case)
 * with an empty email and name, so the email of a recipient is unique in its envelope only when
 * it is not empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE envelope
      ADD COLUMN kind text NOT NULL DEFAULT 'envelope'
        CONSTRAINT envelope_kind_check CHECK (kind IN ('envelope', 'template')),
      ADD COLUMN template_status text
        CONSTRAINT envelope_template_status_check
        CHECK (template_status IN ('incomplete', 'draft', 'active', 'archived')),
      ADD CONSTRAINT envelope_template_status_kind_check
        CHECK ((kind = 'template') = (template_status IS NOT NULL))`.execute(db);
  await sql`DROP INDEX envelope_team_list_idx`.execute(db);
  await sql`CREATE INDEX envelope_team_list_idx ON envelope (team_id, kind, updated_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    ALTER TABLE recipient
      ADD COLUMN label text CONSTRAINT recipient_label_check CHECK (length(label) BETWEEN 1 AND 254),
      DROP CONSTRAINT recipient_email_unique`.execute(db);
  await sql`CREATE UNIQUE INDEX recipient_email_unique ON recipient (envelope_id, email) WHERE email <> ''`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX recipient_label_unique ON recipient (envelope_id, lower(label)) WHERE label IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM envelope WHERE kind = 'template'`.execute(db);
  await sql`DROP INDEX recipient_label_unique`.execute(db);
  await sql`DROP INDEX recipient_email_unique`.execute(db);
  await sql`
    ALTER TABLE recipient
      DROP COLUMN label,
      ADD CONSTRAINT recipient_email_unique UNIQUE (envelope_id, email)`.execute(db);
  await sql`DROP INDEX envelope_team_list_idx`.execute(db);
  await sql`CREATE INDEX envelope_team_list_idx ON envelope (team_id, updated_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    ALTER TABLE envelope
      DROP CONSTRAINT envelope_template_status_kind_check,
      DROP COLUMN template_status,
      DROP COLUMN kind`.execute(db);
}
