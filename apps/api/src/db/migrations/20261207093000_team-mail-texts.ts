import { sql, type Kysely } from "kysely";

/**
 * A team's editable messages (issue 33): the subject and body of one of its mails in one language,
 * written with placeholders. Absent: Paraphe's text; deleted by the reset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE team_mail_text (
      team_id uuid NOT NULL REFERENCES team(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('invitation', 'reminder', 'completion', 'decline')),
      language text NOT NULL CHECK (language IN ('en', 'fr')),
      subject text NOT NULL,
      body text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, kind, language)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE team_mail_text`.execute(db);
}
