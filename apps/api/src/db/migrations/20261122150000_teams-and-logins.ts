import { sql, type Kysely } from "kysely";

/**
 * Teams and the ways into an account:
 * - `team`, `role` (managed or custom, its permission rules as jsonb), `team_member` (one team per
 *   person, one role per member), `workspace` (at most one default per team: a partial unique
 *   index; team creation makes the first one default) and `workspace_member`;
 * - `login_code`: email login codes, stored as an HMAC (never the code), single use, with their
 *   expiry and wrong tries; `consumed_at` is set when a code is used or replaced by a newer one;
 * - `rate_limit_counter`: fixed-window counters shared by api replicas (login codes per email and
 *   per IP address);
 * - `passkey` and `webauthn_challenge`: WebAuthn credentials and the challenges handed out for
 *   their registration and login (single use, short-lived).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE team (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CONSTRAINT team_name_check CHECK (length(name) BETWEEN 3 AND 100),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE role (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      name text NOT NULL,
      origin text NOT NULL CONSTRAINT role_origin_check CHECK (origin IN ('managed', 'custom')),
      permissions jsonb NOT NULL CONSTRAINT role_permissions_check CHECK (jsonb_typeof(permissions) = 'array'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT role_team_name_unique UNIQUE (team_id, name)
    )`.execute(db);
  await sql`
    CREATE TABLE team_member (
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      role_id uuid NOT NULL REFERENCES role (id),
      joined_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, user_id),
      CONSTRAINT team_member_one_team UNIQUE (user_id)
    )`.execute(db);
  await sql`
    CREATE TABLE workspace (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT workspace_name_check CHECK (length(name) BETWEEN 1 AND 100),
      color text NOT NULL CONSTRAINT workspace_color_check CHECK (color ~ '^#[0-9a-f]{6}$'),
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX workspace_one_default ON workspace (team_id) WHERE is_default`.execute(
    db,
  );
  await sql`CREATE INDEX workspace_team_idx ON workspace (team_id)`.execute(db);
  await sql`
    CREATE TABLE workspace_member (
      workspace_id uuid NOT NULL REFERENCES workspace (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX workspace_member_user_idx ON workspace_member (user_id)`.execute(db);

  await sql`
    CREATE TABLE login_code (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      code_hash bytea NOT NULL,
      language text NOT NULL CONSTRAINT login_code_language_check CHECK (language IN ('en', 'fr')),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      consumed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX login_code_live_idx ON login_code (email, created_at DESC) WHERE consumed_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX login_code_expires_idx ON login_code (expires_at)`.execute(db);
  await sql`
    CREATE TABLE rate_limit_counter (
      bucket text NOT NULL,
      window_start timestamptz NOT NULL,
      count integer NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (bucket, window_start)
    )`.execute(db);
  await sql`CREATE INDEX rate_limit_counter_expires_idx ON rate_limit_counter (expires_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE passkey (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      public_key bytea NOT NULL,
      counter bigint NOT NULL DEFAULT 0 CONSTRAINT passkey_counter_check CHECK (counter >= 0),
      transports text[] NOT NULL DEFAULT '{}',
      device_type text,
      backed_up boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX passkey_user_idx ON passkey (user_id)`.execute(db);
  await sql`
    CREATE TABLE webauthn_challenge (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      challenge text NOT NULL UNIQUE,
      user_id uuid REFERENCES app_user (id) ON DELETE CASCADE,
      purpose text NOT NULL CONSTRAINT webauthn_challenge_purpose_check CHECK (purpose IN ('registration', 'authentication')),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webauthn_challenge_expires_idx ON webauthn_challenge (expires_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "webauthn_challenge",
    "passkey",
    "rate_limit_counter",
    "login_code",
    "workspace_member",
    "workspace",
    "team_member",
    "role",
    "team",
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
