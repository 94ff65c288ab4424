import { sql, type Kysely } from "kysely";

/**
 * Support conversations (spec §2 `/settings/support`): one per member of a team
 * (`support_conversation`, with when the member and an operator last read it), and its messages
 * (`support_message`: written by the member or by an operator, at most 4000 characters, in the
 * order of `seq`, which the page's `after` cursor follows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE support_conversation (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      last_message_at timestamptz NOT NULL DEFAULT now(),
      member_read_at timestamptz,
      operator_read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT support_conversation_member_unique UNIQUE (team_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX support_conversation_recent_idx ON support_conversation (last_message_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE support_message (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigint GENERATED ALWAYS AS IDENTITY,
      conversation_id uuid NOT NULL REFERENCES support_conversation (id) ON DELETE CASCADE,
      author_kind text NOT NULL
        CONSTRAINT support_message_author_check CHECK (author_kind IN ('member', 'operator')),
      author_user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
      body text NOT NULL CONSTRAINT support_message_body_check CHECK (length(body) BETWEEN 1 AND 4000),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX support_message_conversation_idx ON support_message (conversation_id, seq)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE support_message`.execute(db);
  await sql`DROP TABLE support_conversation`.execute(db);
}
