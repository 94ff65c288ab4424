import { sql, type Kysely } from "kysely";

/**
 * Subscription, plan limits and usage (spec §3 Subscription and Usage log, §4, §9; issue 15):
 * - `plan`: an offer, by `code`, with its names (en, fr), monthly and annual prices in cents
 *   without VAT, its currency, seats (null: unlimited), electronic signatures and API credits per
 *   period (null: unlimited), the recommended flag and whether it is offered (`active`). Seeded:
 *   `default`, not offered, the plan of every team without a subscription row (seats from
 *   `DEFAULT_TEAM_SEATS`, signatures and API credits unlimited: an existing installation keeps
 *   working as before), and the offered `free`, `team` (recommended) and `business`.
 * - `team_subscription`: a team's plan, status, billing period (monthly or annual), current period
 *   start and end, and the billing provider (`embedded` for the operator command, the name of a
 *   payment provider otherwise) with that provider's reference (null for `embedded`).
 * - `usage_counter`: signatures and API credits used by a team in one period; the limits are
 *   enforced by one conditional `UPDATE ... WHERE used < limit` in the transaction of the work.
 * - `usage_event`: the usage log (date and time, type, details as bounded JSON, user).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plan (
      code text PRIMARY KEY CHECK (code ~ '^[a-z0-9][a-z0-9_-]{0,31}$'),
      name_en text NOT NULL CHECK (char_length(name_en) BETWEEN 1 AND 64),
      name_fr text NOT NULL CHECK (char_length(name_fr) BETWEEN 1 AND 64),
      monthly_price_cents integer NOT NULL CHECK (monthly_price_cents BETWEEN 0 AND 100000000),
      annual_price_cents integer NOT NULL CHECK (annual_price_cents BETWEEN 0 AND 1000000000),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      seats integer CHECK (seats BETWEEN 1 AND 1000000),
      signatures_per_period integer CHECK (signatures_per_period BETWEEN 0 AND 100000000),
      api_credits_per_period integer CHECK (api_credits_per_period BETWEEN 0 AND 1000000000),
      recommended boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    INSERT INTO plan (code, name_en, name_fr, monthly_price_cents, annual_price_cents, currency,
      seats, signatures_per_period, api_credits_per_period, recommended, active, position)
    VALUES
      ('default', 'Default', 'Par défaut', 0, 0, 'EUR', NULL, NULL, NULL, false, false, 0),
      ('free', 'Free', 'Gratuit', 0, 0, 'EUR', 3, 10, 100, false, true, 1),
      ('team', 'Team', 'Équipe', 2900, 29000, 'EUR', 10, 200, 5000, true, true, 2),
      ('business', 'Business', 'Entreprise', 9900, 99000, 'EUR', NULL, 2000, 100000, false, true, 3)
  `.execute(db);
  await sql`
    CREATE TABLE team_subscription (
      team_id uuid PRIMARY KEY REFERENCES team (id) ON DELETE CASCADE,
      plan_code text NOT NULL REFERENCES plan (code),
      status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled')),
      billing_period text NOT NULL CHECK (billing_period IN ('monthly', 'annual')),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      provider text NOT NULL CHECK (char_length(provider) BETWEEN 1 AND 32),
      provider_reference text CHECK (char_length(provider_reference) BETWEEN 1 AND 255),
      updated_at timestamptz NOT NULL,
      CHECK (period_end > period_start)
    )`.execute(db);
  await sql`
    CREATE TABLE usage_counter (
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      signatures_used integer NOT NULL DEFAULT 0 CHECK (signatures_used >= 0),
      api_credits_used integer NOT NULL DEFAULT 0 CHECK (api_credits_used >= 0),
      PRIMARY KEY (team_id, period_start)
    )`.execute(db);
  await sql`
    CREATE TABLE usage_event (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      at timestamptz NOT NULL,
      type text NOT NULL
        CHECK (type IN ('envelope_sent', 'api_credit', 'seat_added', 'plan_changed')),
      details jsonb NOT NULL CHECK (octet_length(details::text) <= 2048),
      user_id uuid REFERENCES app_user (id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX usage_event_team_at_idx ON usage_event (team_id, at DESC, id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE usage_event`.execute(db);
  await sql`DROP TABLE usage_counter`.execute(db);
  await sql`DROP TABLE team_subscription`.execute(db);
  await sql`DROP TABLE plan`.execute(db);
}
