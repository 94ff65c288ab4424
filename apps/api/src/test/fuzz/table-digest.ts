/**
 * A digest of every table of the database, to check that a rejected call changed nothing. One
 * query: per table, the md5 of its rows (as JSON, ordered), without the parts that every call may
 * legitimately change (below, each with its reason). Not part of the server.
 */
import { sql, type Kysely } from "kysely";
import pg from "pg";
import type { Database } from "../../db/database";

/**
 * Tables left out whole: they record that a call arrived, whatever its outcome.
 * - request_nonce: every signed request's nonce is remembered for the skew window (replay
 *   protection), refused or not; the refusals are what it is for.
 * - rate_limit_counter: the counters count attempts, refused ones included (a wrong code, too
 *   many requests from an address): counting them is the point.
 * - tunnel_session: the encrypted sessions' sequence windows and last use move with every
 *   sealed message, whatever the call answers.
 * - kysely_migration, kysely_migration_lock: the migrator's own bookkeeping.
 */
export const TABLES_LEFT_OUT: ReadonlySet<string> = new Set([
  "request_nonce",
  "rate_limit_counter",
  "tunnel_session",
  "kysely_migration",
  "kysely_migration_lock",
]);

/**
 * Columns left out: they record the use of a credential or a link, not a change the call makes.
 * - user_session.last_used_at: the member's session is "used" by any
 *   signed call (the sessions page shows it), refused or not.
 */
export const COLUMNS_LEFT_OUT: Readonly<Record<string, readonly string[]>> = {
  user_session: ["last_used_at"],
};

/**
 * A function that answers the md5 of each table's rows (with the columns above removed), by table
 * name. The tables are listed once: the query is built once and reused (prepared, on PostgreSQL).
 */
export async function tableDigester(
  db: Kysely<Database>,
  options: {
    /** On PostgreSQL: the database (and search_path) of `db`, to digest through a prepared statement. */
    databaseUrl?: string | undefined;
    /** Receives what closes the digester's own connection. */
    onClose?: (close: () => Promise<void>) => void;
  } = {},
): Promise<() => Promise<Record<string, string>>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const digested = tables.rows.map((row) => row.name).filter((name) => !TABLES_LEFT_OUT.has(name));
  const parts = digested.map((name) => {
    const columns = COLUMNS_LEFT_OUT[name];
    // A row's text form, or its JSON without the columns left out.
    const row =
      columns === undefined
        ? sql`t::text`
        : sql`(${columns.reduce((json, column) => sql`${json} - ${column}::text`, sql`to_jsonb(t)`)})::text`;
    return sql`select ${name}::text as name,
      md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as digest
      from ${sql.table(name)} t`;
  });
  const query = sql<{ name: string; digest: string }>`${sql.join(parts, sql` union all `)}`;
  if (parts.length === 0) return async () => ({});
  if (options.databaseUrl !== undefined) {
    // A prepared statement on a connection of its own: PostgreSQL plans the union of every table
    // once, not at each of the thousands of digests of a fuzzing run.
    const { sql: text, parameters } = query.compile(db);
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    options.onClose?.(() => client.end());
    return async () => {
      const result = await client.query<{ name: string; digest: string }>({
        name: "table-digest",
        text,
        values: [...parameters],
      });
      return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
    };
  }
  return async () => {
    const result = await query.execute(db);
    return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
  };
}

/** The tables whose digests differ between `before` and `after`. */
export function changedTables(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/**
 * Checks that rejected calls leave the tables as they were, digesting them as rarely as that
 * allows: the rejected calls since the last digest are checked together at the next one (the
 * caller takes one before any call that may succeed, and after it).
 */
export class RejectionWatch {
  private base: Record<string, string> | undefined;
  private pending: string[] = [];
  /** How many digests were taken. */
  digests = 0;

  constructor(private readonly digest: () => Promise<Record<string, string>>) {}

  /** A call was rejected (`what` names it in a failure). */
  rejected(what: string): void {
    this.pending.push(what);
  }

  /**
   * Digests the tables: the rejected calls since the last digest must have changed nothing
   * (throws naming them and the tables otherwise). With `accepted`, a call that succeeded came in
   * between, and the new digest is the base of the next ones.
   */
  async checkpoint(accepted?: "accepted"): Promise<void> {
    if (this.base !== undefined && this.pending.length === 0 && accepted === undefined) return;
    const now = await this.digest();
    this.digests += 1;
    const changed = this.base === undefined ? [] : changedTables(this.base, now);
    const calls = this.pending;
    this.pending = [];
    this.base = now;
    if (accepted === undefined && changed.length > 0) {
      throw new Error(
        `rejected calls changed ${changed.join(", ")}; the calls since the last digest:\n` +
          calls.map((call) => `  - ${call}`).join("\n"),
      );
    }
  }
}
