/**
 * The tunnel's session stores at scale.
 *
 * - Memory store: the heap (JS heap + array buffers, after a full GC) that N open sessions take in
 *   `MemorySessionStore`, each with its own 4 secrets (two AES-256 keys, two 12-byte IVs, as a
 *   handshake derives them), its own client address, and one request accepted (so its replay
 *   window is in use).
 * - Database store: `DatabaseSessionStore.find` (the read every tunnelled request starts with:
 *   the row by primary key, the secrets decrypted) with the table holding a small number of rows,
 *   then many; the filler rows are inserted in bulk (`INSERT ... SELECT generate_series`).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import {
  createLogger,
  DatabaseSessionStore,
  MemorySessionStore,
  migrateToLatest,
  openDatabase,
} from "@paraphe/api";
import { sql } from "kysely";
import { startBenchPostgres } from "./postgres";
import { percentile } from "./stats";

export interface SessionsOptions {
  memorySessions: number;
  /** Table sizes the database lookup is timed at (the smallest is the baseline). */
  tableRows: number[];
  lookups: number;
}

export interface SessionsResult {
  memory: { sessions: number; bytes: number; bytesPerSession: number };
  database: string;
  note: string | null;
  lookups: { rows: number; p50Ms: number; p95Ms: number; plan: string }[];
}

const LIFETIMES = { idleMs: 30 * 60_000, maxAgeMs: 12 * 3_600_000 };

function fullGc(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

function retainedBytes(): number {
  fullGc();
  fullGc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function secrets() {
  const bytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));
  return { c2sKey: bytes(32), s2cKey: bytes(32), c2sIv: bytes(12), s2cIv: bytes(12) };
}

async function memoryStoreBytes(sessions: number): Promise<number> {
  const now = Date.now();
  const ids = Array.from({ length: sessions }, () => randomUUID());
  const addresses = ids.map(
    (_, index) => `ip:10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
  );
  const before = retainedBytes();
  const store = new MemorySessionStore({
    lifetimes: LIFETIMES,
    limits: { maxSessions: sessions * 2 },
  });
  for (const [index, id] of ids.entries()) {
    const result = await store.create({
      id,
      secrets: secrets(),
      createdAt: now,
      addressKey: addresses[index] ?? null,
    });
    if (!result.created) throw new Error(`the memory store refused session ${index}`);
    await store.acceptRequest(id, 0, now);
  }
  const after = retainedBytes();
  // Keeps the store reachable until after the measure.
  if ((await store.find(ids[0] ?? "", now)) === undefined) throw new Error("session lost");
  return after - before;
}

export async function runSessionsBenchmark(
  options: SessionsOptions,
  log: (line: string) => void,
): Promise<SessionsResult> {
  const bytes = await memoryStoreBytes(options.memorySessions);
  log(`sessions: memory store measured; database lookups at ${options.tableRows.join(", ")} rows`);

  const postgres = await startBenchPostgres(log);
  const note =
    postgres === undefined
      ? "no PostgreSQL: PGlite in this process instead, whose numbers are not PostgreSQL's"
      : null;
  const silent = createLogger({ logLevel: "silent" });
  const dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-bench-sessions-"));
  const name = "paraphe_bench_sessions";
  try {
    const url = postgres === undefined ? undefined : await postgres.createDatabase(name);
    const database = await openDatabase(
      url === undefined
        ? { pgliteDir: path.join(dataDir, "pglite"), logger: silent }
        : { databaseUrl: url, logger: silent },
    );
    try {
      const { db } = database;
      await migrateToLatest(db, silent);
      const store = new DatabaseSessionStore({
        db,
        masterKey: crypto.getRandomValues(new Uint8Array(32)),
        lifetimes: LIFETIMES,
        logger: silent,
        limits: { maxSessions: Math.max(...options.tableRows) * 2 },
      });
      const now = Date.now();
      const real = Array.from({ length: 100 }, () => randomUUID());
      for (const id of real) {
        await store.create({ id, secrets: secrets(), createdAt: now, addressKey: null });
      }
      const lookups: SessionsResult["lookups"] = [];
      let rows = real.length;
      for (const target of [...options.tableRows].sort((a, b) => a - b)) {
        if (target > rows) {
          await sql`
            INSERT INTO tunnel_session (id, sealed_secrets, created_at, last_used_at, expires_at)
            SELECT gen_random_uuid()::text, s.sealed_secrets, s.created_at, s.last_used_at, s.expires_at
            FROM generate_series(1, ${target - rows}::int) AS n,
                 (SELECT * FROM tunnel_session LIMIT 1) AS s`.execute(db);
          await sql`ANALYZE tunnel_session`.execute(db);
          rows = target;
        }
        // Warm-up: the rows in the buffer cache, the connections of the pool open.
        for (let round = 0; round < 5; round++) for (const id of real) await store.find(id, now);
        const samples: number[] = [];
        for (let index = 0; index < options.lookups; index++) {
          const id = real[index % real.length] as string;
          const start = performance.now();
          const session = await store.find(id, now);
          samples.push(performance.now() - start);
          if (session === undefined) throw new Error("a stored session was not found");
        }
        const plan = await sql<Record<string, string>>`
          EXPLAIN (ANALYZE) SELECT sealed_secrets, created_at, last_used_at, expires_at,
            replay_bitmap, replay_highest::text FROM tunnel_session WHERE id = ${real[0]}`.execute(
          db,
        );
        lookups.push({
          rows,
          p50Ms: percentile(samples, 50),
          p95Ms: percentile(samples, 95),
          plan: plan.rows.map((row) => Object.values(row)[0]).join("\n"),
        });
      }
      return {
        memory: {
          sessions: options.memorySessions,
          bytes,
          bytesPerSession: bytes / options.memorySessions,
        },
        database:
          postgres === undefined ? "PGlite" : `PostgreSQL ${postgres.version} (${postgres.source})`,
        note,
        lookups,
      };
    } finally {
      await database.close();
      await postgres?.dropDatabase(name);
    }
  } finally {
    await postgres?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
