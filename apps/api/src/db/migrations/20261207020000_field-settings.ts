import { sql, type Kysely } from "kysely";

/**
 * Richer fields (issue 29): the kinds radio, dropdown, number, phone and readonly, and each field's
 * settings as jsonb (`fieldSettingsSchema`: options, bounds, default value, validation, condition),
 * `{}` for every existing field.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE field
      DROP CONSTRAINT field_kind_check,
      ADD CONSTRAINT field_kind_check CHECK (kind IN ('signature', 'initials', 'text', 'image',
        'date', 'name', 'email', 'checkbox', 'radio', 'dropdown', 'number', 'phone', 'readonly')),
      ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM field WHERE kind IN ('radio', 'dropdown', 'number', 'phone', 'readonly')`.execute(
    db,
  );
  await sql`
    ALTER TABLE field
      DROP COLUMN settings,
      DROP CONSTRAINT field_kind_check,
      ADD CONSTRAINT field_kind_check CHECK (kind IN ('signature', 'initials', 'text', 'image',
        'date', 'name', 'email', 'checkbox'))`.execute(db);
}
