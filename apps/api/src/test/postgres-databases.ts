/**
 * The test databases of the suite on PostgreSQL (TEST_DATABASE_URL): one database per test file,
 * copied from a template database that the global set-up migrates once per run. Without vitest,
 * so that the global set-up can use it. Not part of the server.
 */
import pg from "pg";

/** The PostgreSQL server the suite runs against (TEST_DATABASE_URL); throws when it is not set. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url === "") throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

/** The connection string of database `name` on the server of `serverUrl` (same user, options). */
export function postgresDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database name the suite made: lower-case letters, digits and underscores. */
const DATABASE_NAME = /^[a-z_][a-z0-9_]*$/;

function assertDatabaseName(name: string): void {
  if (!DATABASE_NAME.test(name)) throw new Error(`Invalid test database name: ${name}`);
}

/**
 * Creates database `name` as a copy of `template` (which must have no open connection). Copies of
 * one template may be made at the same time.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  name: string,
  template: string,
): Promise<void> {
  assertDatabaseName(name);
  assertDatabaseName(template);
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
}

/** Drops database `name`, closing the connections still open to it. */
export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  assertDatabaseName(name);
  await withAdminClient(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}

async function withAdminClient<T>(
  serverUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
