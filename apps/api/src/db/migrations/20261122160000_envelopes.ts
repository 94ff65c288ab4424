import { sql, type Kysely } from "kysely";

/**
 * Envelopes and what hangs off them:
 * - `envelope` (team, workspace, owner, title, status, options, dates, the activity log's head hash
 *   and the proof's blob key), `envelope_document` (the uploaded PDFs in order, their page sizes,
 *   SHA-256 and blob keys, original and sealed), `document_preview` (one image per page);
 * - `recipient` (in signing order, with the access link's token: the link's secret is derived,
 *   never stored), `recipient_page_view` (pages served to a recipient: every page before signing),
 *   `field` (placed on a page, assigned to a recipient, with the value given at signing);
 * - `activity_event`: the hash-chained activity log (one chain per envelope, `seq` from 1);
 * - `contact` (per workspace, one per email);
 * - `job`: background work (sealing), claimed with a lease and retried; `dedupe_key` keeps one open
 *   job per purpose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE envelope (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      workspace_id uuid NOT NULL REFERENCES workspace (id),
      owner_user_id uuid NOT NULL REFERENCES app_user (id),
      title text NOT NULL CONSTRAINT envelope_title_check CHECK (length(title) BETWEEN 1 AND 255),
      status text NOT NULL DEFAULT 'draft' CONSTRAINT envelope_status_check
        CHECK (status IN ('draft', 'approving', 'signing', 'complete', 'declined', 'canceled')),
      signature_level text NOT NULL DEFAULT 'SES' CONSTRAINT envelope_signature_level_check
        CHECK (signature_level IN ('SES', 'AES', 'QES')),
      sender_name text NOT NULL DEFAULT 'personal' CONSTRAINT envelope_sender_name_check
        CHECK (sender_name IN ('team', 'personal')),
      message text,
      initials_on_all_pages boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      reminder_days integer,
      signing_order text NOT NULL DEFAULT 'parallel' CONSTRAINT envelope_signing_order_check
        CHECK (signing_order IN ('parallel', 'sequential')),
      sent_at timestamptz,
      completed_at timestamptz,
      canceled_at timestamptz,
      cancel_reason text,
      activity_head text,
      proof_blob_key text,
      created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
    )`.execute(db);
  await sql`CREATE INDEX envelope_team_list_idx ON envelope (team_id, updated_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX envelope_workspace_idx ON envelope (workspace_id)`.execute(db);

  await sql`
    CREATE TABLE envelope_document (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      envelope_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      position integer NOT NULL,
      filename text NOT NULL,
      page_count integer NOT NULL CONSTRAINT envelope_document_page_count_check CHECK (page_count > 0),
      pages jsonb NOT NULL,
      sha256 text NOT NULL,
      blob_key text NOT NULL,
      sealed_blob_key text,
      sealed_sha256 text,
      CONSTRAINT envelope_document_position_unique UNIQUE (envelope_id, position)
    )`.execute(db);

  await sql`
    CREATE TABLE document_preview (
      document_id uuid NOT NULL REFERENCES envelope_document (id) ON DELETE CASCADE,
      page integer NOT NULL,
      blob_key text NOT NULL,
      content_type text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      PRIMARY KEY (document_id, page)
    )`.execute(db);

  await sql`
    CREATE TABLE recipient (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      envelope_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      email text NOT NULL,
      firstname text NOT NULL,
      lastname text NOT NULL,
      phone text,
      position integer NOT NULL,
      status text NOT NULL DEFAULT 'pending' CONSTRAINT recipient_status_check
        CHECK (status IN ('pending', 'approved', 'signed', 'declined', 'canceled')),
      link_token text NOT NULL CONSTRAINT recipient_link_token_unique UNIQUE,
      link_created_at timestamptz,
      invited_at timestamptz,
      opened_at timestamptz,
      signed_at timestamptz,
      declined_at timestamptz,
      decline_reason text,
      signature_blob_key text,
      initials_blob_key text,
      CONSTRAINT recipient_email_unique UNIQUE (envelope_id, email)
    )`.execute(db);
  await sql`CREATE INDEX recipient_envelope_idx ON recipient (envelope_id, position)`.execute(db);
  await sql`CREATE INDEX recipient_email_idx ON recipient (email)`.execute(db);

  await sql`
    CREATE TABLE recipient_page_view (
      recipient_id uuid NOT NULL REFERENCES recipient (id) ON DELETE CASCADE,
      document_id uuid NOT NULL REFERENCES envelope_document (id) ON DELETE CASCADE,
      page integer NOT NULL,
      viewed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (recipient_id, document_id, page)
    )`.execute(db);

  await sql`
    CREATE TABLE field (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      envelope_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      document_id uuid NOT NULL REFERENCES envelope_document (id) ON DELETE CASCADE,
      recipient_id uuid NOT NULL REFERENCES recipient (id) ON DELETE CASCADE,
      page integer NOT NULL,
      x double precision NOT NULL,
      y double precision NOT NULL,
      width double precision NOT NULL,
      height double precision NOT NULL,
      kind text NOT NULL CONSTRAINT field_kind_check
        CHECK (kind IN ('signature', 'initials', 'text', 'image', 'date', 'name', 'email', 'checkbox')),
      required boolean NOT NULL DEFAULT true,
      label text,
      value text
    )`.execute(db);
  await sql`CREATE INDEX field_envelope_idx ON field (envelope_id)`.execute(db);

  await sql`
    CREATE TABLE activity_event (
      envelope_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      hash text NOT NULL,
      previous_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (envelope_id, seq)
    )`.execute(db);

  await sql`
    CREATE TABLE contact (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspace (id) ON DELETE CASCADE,
      email text NOT NULL,
      firstname text NOT NULL,
      lastname text NOT NULL,
      phone text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT contact_workspace_email_unique UNIQUE (workspace_id, email)
    )`.execute(db);

  await sql`
    CREATE TABLE job (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      payload jsonb NOT NULL,
      dedupe_key text,
      status text NOT NULL DEFAULT 'pending' CONSTRAINT job_status_check
        CHECK (status IN ('pending', 'running', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      run_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX job_due_idx ON job (run_at) WHERE status IN ('pending', 'running')`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX job_open_dedupe_idx ON job (dedupe_key) WHERE status IN ('pending', 'running')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "job",
    "contact",
    "activity_event",
    "field",
    "recipient_page_view",
    "recipient",
    "document_preview",
    "envelope_document",
    "envelope",
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
