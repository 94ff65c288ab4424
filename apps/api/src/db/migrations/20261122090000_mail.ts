import { sql, type Kysely } from "kysely";

/** The mail outbox and the development mailbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      locale text,
      status text NOT NULL DEFAULT 'pending'
        CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_attempt_at timestamptz,
      last_error text,
      message_id text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX mail_outbox_lease_idx ON mail_outbox (locked_until) WHERE status = 'sending'`.execute(
    db,
  );
  await sql`
    CREATE TABLE dev_mailbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      outbox_id uuid REFERENCES mail_outbox (id) ON DELETE SET NULL,
      from_address text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      locale text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX dev_mailbox_created_idx ON dev_mailbox (created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE dev_mailbox`.execute(db);
  await sql`DROP TABLE mail_outbox`.execute(db);
}
