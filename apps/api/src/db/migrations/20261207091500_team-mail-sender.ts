import { sql, type Kysely } from "kysely";

/**
 * The team's mail sender (issue 33). `team_mail_sender`: a team's own SMTP server (host, port, TLS
 * mode, user, the password sealed, the From address), used only once a test message through it
 * succeeded (`verified_at`), with the last failure to deliver through it. Absent, or with
 * `mode = 'deployment'`: the deployment's server, with the team's name and a Reply-To of the
 * sender. `mail_outbox` learns whose mail a message is (`team_id`, `envelope_id`), its Reply-To,
 * the server it goes through (`via`) and its last failure, so that a message not delivered yet is
 * shown with its reason on the settings page and on the envelope.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE team_mail_sender (
      team_id uuid PRIMARY KEY REFERENCES team(id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('deployment', 'smtp')),
      host text,
      port integer CHECK (port BETWEEN 1 AND 65535),
      tls text CHECK (tls IN ('none', 'starttls', 'tls')),
      username text,
      password_sealed text,
      from_address text,
      verified_at timestamptz,
      last_error text,
      last_error_at timestamptz,
      last_delivered_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (mode = 'deployment' OR (host IS NOT NULL AND port IS NOT NULL AND tls IS NOT NULL
        AND from_address IS NOT NULL))
    )
  `.execute(db);
  await sql`
    ALTER TABLE mail_outbox
      ADD COLUMN team_id uuid REFERENCES team(id) ON DELETE SET NULL,
      ADD COLUMN envelope_id uuid REFERENCES envelope(id) ON DELETE SET NULL,
      ADD COLUMN reply_to text,
      ADD COLUMN via text CHECK (via IN ('deployment', 'team')),
      ADD COLUMN last_error text,
      ADD COLUMN last_attempt_at timestamptz
  `.execute(db);
  await sql`
    CREATE INDEX mail_outbox_envelope_unsent_idx ON mail_outbox (envelope_id)
      WHERE sent_at IS NULL AND envelope_id IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX mail_outbox_envelope_unsent_idx`.execute(db);
  await sql`
    ALTER TABLE mail_outbox
      DROP COLUMN team_id,
      DROP COLUMN envelope_id,
      DROP COLUMN reply_to,
      DROP COLUMN via,
      DROP COLUMN last_error,
      DROP COLUMN last_attempt_at
  `.execute(db);
  await sql`DROP TABLE team_mail_sender`.execute(db);
}
