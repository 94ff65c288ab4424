import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { testDatabaseKinds } from "../test/databases";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";

/**
 * The tables of the current schema whose rows, as text, contain `needle` (upper case) or its bytes
 * in hex (as a bytea column prints them).
 */
async function tablesHolding(
  db: Kysely<Database>,
  needle: string,
  skip: readonly string[],
): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(
    db,
  );
  const hex = Buffer.from(needle, "utf8").toString("hex");
  const holding: string[] = [];
  for (const { name } of tables.rows) {
    if (skip.includes(name)) continue;
    const found = await sql<{ count: string }>`
      SELECT count(*)::text AS count FROM ${sql.table(name)} AS t
      WHERE strpos(upper(t::text), ${needle.toUpperCase()}) > 0 OR strpos(lower(t::text), ${hex}) > 0`.execute(
      db,
    );
    if (Number(found.rows[0]?.count) > 0) holding.push(name);
  }
  return holding;
}

/* Every table is scanned, the mail outbox included (its bodies are sealed at rest). */
const SKIPPED: readonly string[] = [];

describe.each(testDatabaseKinds)("sign-in codes at rest on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("leave no live code readable anywhere in a dump of the database", async () => {
    const email = uniqueEmail("dump");
    const api = h.client();
    await api.authentication.requestCode({ email });
    await api.authentication.requestCode({ email });
    const code = await h.lastCode(email);
    const db = h.database.connection.db;

    // The scan does find what is stored: the email is in `login_code` and the rate-limit counters.
    expect(await tablesHolding(db, email, SKIPPED)).toContain("login_code");
    expect(await tablesHolding(db, code, SKIPPED)).toEqual([]);

    // Nor once it has been used.
    await api.authentication.verifyCode({ email, code });
    expect(await tablesHolding(db, code, SKIPPED)).toEqual([]);
  });
});
