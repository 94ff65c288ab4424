import { sql, type Kysely } from "kysely";

/**
 * Signer attachments (issue 29): the field kind `attachment`, and `signer_attachment`, the files a
 * signer uploaded for such a field (stored encrypted in the blob store under `blob_key`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE field
      DROP CONSTRAINT field_kind_check,
      ADD CONSTRAINT field_kind_check CHECK (kind IN ('signature', 'initials', 'text', 'image',
        'date', 'name', 'email', 'checkbox', 'radio', 'dropdown', 'number', 'phone', 'readonly',
        'attachment'))`.execute(db);
  await sql`
    CREATE TABLE signer_attachment (
      id uuid PRIMARY KEY,
      envelope_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      recipient_id uuid NOT NULL REFERENCES recipient (id) ON DELETE CASCADE,
      field_id uuid NOT NULL REFERENCES field (id) ON DELETE CASCADE,
      filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
      content_type text NOT NULL
        CHECK (content_type IN ('application/pdf', 'image/png', 'image/jpeg')),
      size integer NOT NULL CHECK (size > 0),
      sha256 text NOT NULL,
      blob_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX signer_attachment_envelope_idx ON signer_attachment (envelope_id)`.execute(
    db,
  );
  await sql`CREATE INDEX signer_attachment_recipient_idx ON signer_attachment (recipient_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE signer_attachment`.execute(db);
  await sql`DELETE FROM field WHERE kind = 'attachment'`.execute(db);
  await sql`
    ALTER TABLE field
      DROP CONSTRAINT field_kind_check,
      ADD CONSTRAINT field_kind_check CHECK (kind IN ('signature', 'initials', 'text', 'image',
        'date', 'name', 'email', 'checkbox', 'radio', 'dropdown', 'number', 'phone', 'readonly'))`.execute(
    db,
  );
}
