import { sql, type Kysely } from "kysely";

/**
 * Mail is delivered by the job queue: each message of `mail_outbox` has a `send-mail` job (payload
 * `{mailId}`), which holds the attempts, the lease, the last error and the final state; the outbox
 * keeps the message itself (recipient, subject, sealed bodies) and when it was sent. Messages not
 * yet sent get their job here with the state they had: waiting (`pending`, due at their next
 * attempt), being sent (`running` under the same lease, taken over when it runs out), or given up
 * (`failed`, with the last error), their attempts counted. Sent messages need no job: `sent_at`
 * says they were delivered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO job (name, payload, dedupe_key, status, attempts, run_at, locked_until, last_error,
                     created_at, updated_at, finished_at)
    SELECT 'send-mail',
           jsonb_build_object('mailId', id::text),
           'send-mail:' || id::text,
           CASE status WHEN 'sending' THEN 'running' ELSE status END,
           attempts,
           next_attempt_at,
           CASE WHEN status = 'sending' THEN coalesce(locked_until, now()) END,
           last_error,
           created_at,
           updated_at,
           CASE WHEN status = 'failed' THEN updated_at END
    FROM mail_outbox
    WHERE status IN ('pending', 'sending', 'failed')`.execute(db);
  await sql`DROP INDEX mail_outbox_due_idx`.execute(db);
  await sql`DROP INDEX mail_outbox_lease_idx`.execute(db);
  await sql`
    ALTER TABLE mail_outbox
      DROP COLUMN status,
      DROP COLUMN attempts,
      DROP COLUMN next_attempt_at,
      DROP COLUMN locked_until,
      DROP COLUMN last_attempt_at,
      DROP COLUMN last_error`.execute(db);
}

/**
 * The delivery state goes back into the outbox rows, and the `send-mail` jobs are removed. Messages
 * sent without a job (sent before `up`) come back with one attempt: their count was not kept.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_outbox
      ADD COLUMN status text NOT NULL DEFAULT 'pending' CONSTRAINT mail_outbox_status_check
        CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN locked_until timestamptz,
      ADD COLUMN last_attempt_at timestamptz,
      ADD COLUMN last_error text`.execute(db);
  await sql`
    UPDATE mail_outbox m
    SET status = CASE j.status WHEN 'running' THEN 'sending' WHEN 'done' THEN 'sent' ELSE j.status END,
        attempts = j.attempts,
        next_attempt_at = j.run_at,
        locked_until = j.locked_until,
        last_error = j.last_error
    FROM job j
    WHERE j.name = 'send-mail' AND j.payload ->> 'mailId' = m.id::text`.execute(db);
  await sql`
    UPDATE mail_outbox SET status = 'sent', attempts = greatest(attempts, 1)
    WHERE sent_at IS NOT NULL`.execute(db);
  await sql`DELETE FROM job WHERE name = 'send-mail'`.execute(db);
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX mail_outbox_lease_idx ON mail_outbox (locked_until) WHERE status = 'sending'`.execute(
    db,
  );
}
