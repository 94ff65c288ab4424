/**
 * Envelope list and dashboard at scale: the real api app on PostgreSQL (see `postgres.ts`; PGlite
 * when there is none, said in the result), a signed-in owner of a team whose default workspace
 * holds N envelopes seeded in bulk (`INSERT ... SELECT generate_series`, not through the api), and
 * the real SDK client calling `envelope.list` (first page, and the page after a cursor) and
 * `envelope.dashboard` through the tunnel (sealed, signed, in-process `app.request`). The seed's
 * one statement fires the triggers that keep `envelope_status_count`, as any write
 * of envelopes does, so the counts the dashboard reads are those of the seeded rows. p50 and p95
 * per call; the queries the app ran for one call of each are then run again under
 * `EXPLAIN (ANALYZE, BUFFERS)` and their plans kept.
 */
import { createApiClient } from "@paraphe/api-sdk";
import type { SessionCredential } from "@paraphe/api-sdk/contract";
import { createTestTunnelClient, outboxMails } from "@paraphe/api/testing";
import {
  CompiledQuery,
  createQueryId,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { BENCH_APP_CREDENTIAL, createBenchApi } from "./api-app";
import { startBenchPostgres } from "./postgres";
import { percentile } from "./stats";

export interface EnvelopeListOptions {
  /** Envelope counts, one fresh database each. */
  scales: number[];
  /** Measured calls of each kind per scale (after the warm-up). */
  calls: number;
  warmUpCalls: number;
  pageSize: number;
}

export interface Latency {
  p50Ms: number;
  p95Ms: number;
}

export interface ScaleResult {
  envelopes: number;
  seedMs: number;
  list: Latency;
  listNextPage: Latency;
  dashboard: Latency;
  /** EXPLAIN (ANALYZE, BUFFERS) of each query one call ran on envelope or envelope_status_count. */
  plans: { call: string; sql: string; plan: string }[];
}

export interface EnvelopeListResult {
  database: string;
  /** Why the numbers are not PostgreSQL's, when they are not. */
  note: string | null;
  scales: ScaleResult[];
}

/** Records the query trees the app runs while `recording` is on. */
class QueryRecorder implements KyselyPlugin {
  recording = false;
  readonly nodes: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.nodes.push(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

async function timeCalls(
  calls: number,
  call: () => Promise<unknown>,
): Promise<{ latency: Latency; samples: number[] }> {
  const samples: number[] = [];
  for (let index = 0; index < calls; index++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return {
    latency: { p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95) },
    samples,
  };
}

async function measureScale(
  envelopes: number,
  options: EnvelopeListOptions,
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<ScaleResult> {
  const recorder = new QueryRecorder();
  const bench = await createBenchApi({
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    plugins: [recorder],
  });
  try {
    const { app, db } = bench;
    let credential: SessionCredential | null = null;
    const fetch = async (input: string, init?: RequestInit): Promise<Response> =>
      app.request(input, init, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    const api = createApiClient({
      baseUrl: "http://api.test",
      tunnel: createTestTunnelClient(fetch),
      appCredential: BENCH_APP_CREDENTIAL,
      credential: () => credential,
    });
    const email = `bench.${envelopes}@example.com`;
    await api.authentication.requestCode({ email });
    const [mail] = await outboxMails(db, bench.mailKey, email);
    const code = mail === undefined ? undefined : /^([0-9A-Z]{6})$/m.exec(mail.text)?.[1];
    if (code === undefined) throw new Error("no sign-in code in the outbox");
    const answer = await api.authentication.verifyCode({ email, code });
    credential = { accessKey: answer.accessKey, secretKey: answer.secretKey, email: answer.email };
    const profile = await api.team.create({ name: "Bench Team", firstname: "Ada", lastname: "B" });
    const teamId = profile.team?.uuid;
    const workspaceId = profile.team?.defaultWorkspaceUuid;
    if (teamId === undefined || workspaceId === undefined) throw new Error("no team created");
    const owner = await db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();

    log(`envelope-list: seeding ${envelopes.toLocaleString("en-US")} envelopes`);
    const seedStart = performance.now();
    await sql`
      INSERT INTO envelope (team_id, workspace_id, owner_user_id, title, status, created_at, updated_at)
      SELECT ${teamId}::uuid, ${workspaceId}::uuid, ${owner.id}::uuid, 'Agreement ' || n,
             (ARRAY['draft', 'signing', 'complete', 'complete', 'approving', 'canceled'])[1 + n % 6],
             now() - n * interval '1 minute', now() - n * interval '1 minute'
      FROM generate_series(1, ${envelopes}::int) AS n`.execute(db);
    await sql`ANALYZE`.execute(db);
    const seedMs = performance.now() - seedStart;

    const first = () => api.envelope.list({ filter: "all", limit: options.pageSize });
    const cursor = (await first()).nextCursor ?? undefined;
    const next = () =>
      api.envelope.list({
        filter: "all",
        limit: options.pageSize,
        ...(cursor === undefined ? {} : { cursor }),
      });
    const dashboard = () => api.envelope.dashboard({});
    for (let index = 0; index < options.warmUpCalls; index++) {
      await first();
      await next();
      await dashboard();
    }
    const list = await timeCalls(options.calls, first);
    const listNextPage = await timeCalls(options.calls, next);
    const board = await timeCalls(options.calls, dashboard);

    const plans: ScaleResult["plans"] = [];
    for (const [name, call] of [
      ["list", first],
      ["list, next page", next],
      ["dashboard", dashboard],
    ] as const) {
      recorder.nodes.length = 0;
      recorder.recording = true;
      await call();
      recorder.recording = false;
      const compiledQueries = recorder.nodes
        .filter((node) => node.kind === "SelectQueryNode")
        .map((node) => db.getExecutor().compileQuery(node, createQueryId()))
        .filter((compiled) => /from "envelope(_status_count)?"/.test(compiled.sql));
      for (const compiled of compiledQueries) {
        // A subquery the plugin saw on its own is planned as part of the query that holds it.
        const inner = compiledQueries.some(
          (other) => other !== compiled && other.sql.includes(`(${compiled.sql})`),
        );
        if (inner) continue;
        const explained = await db.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [...compiled.parameters]),
        );
        plans.push({
          call: name,
          sql: compiled.sql,
          plan: explained.rows.map((row) => Object.values(row)[0]).join("\n"),
        });
      }
    }
    return {
      envelopes,
      seedMs,
      list: list.latency,
      listNextPage: listNextPage.latency,
      dashboard: board.latency,
      plans,
    };
  } finally {
    await bench.close();
  }
}

export async function runEnvelopeListBenchmark(
  options: EnvelopeListOptions,
  log: (line: string) => void,
): Promise<EnvelopeListResult> {
  const postgres = await startBenchPostgres(log);
  const note =
    postgres === undefined
      ? "no PostgreSQL (no BENCH_DATABASE_URL, no /usr/lib/postgresql/*/bin/initdb): PGlite in this process instead, whose numbers are not PostgreSQL's"
      : null;
  if (note !== null) log(`envelope-list: ${note}`);
  try {
    const scales: ScaleResult[] = [];
    for (const envelopes of options.scales) {
      const name = `paraphe_bench_${envelopes}`;
      const url = postgres === undefined ? undefined : await postgres.createDatabase(name);
      try {
        scales.push(await measureScale(envelopes, options, url, log));
      } finally {
        await postgres?.dropDatabase(name);
      }
    }
    return {
      database:
        postgres === undefined ? "PGlite" : `PostgreSQL ${postgres.version} (${postgres.source})`,
      note,
      scales,
    };
  } finally {
    await postgres?.stop();
  }
}
