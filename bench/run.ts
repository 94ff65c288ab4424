/**
 * Paraphe's benchmark runner: `pnpm bench` (or `pnpm --filter @paraphe/bench bench`).
 *
 *   --quick            short run (a few seconds per benchmark)
 *   --only=NAME        only one benchmark: sealing, throughput, documents, longest-text,
 *                      completion, sessions, handshake-flood, envelope-list, signing-page,
 *                      team-app, bundle, load-signers, upload
 *   --http1            the browser benchmarks (signing-page, team-app) served over HTTP/1.1, as
 *                      plain `vite preview` does, instead of HTTP/2 as production behind nginx
 *
 * Scale knobs (environment): BENCH_ENVELOPES (envelope counts of the list benchmark, default
 * "1000,100000"), BENCH_SESSIONS (open sessions in the memory store, default 10000),
 * BENCH_SESSION_ROWS (rows of the database store, default 100000), BENCH_SIGNERS (signers at once
 * in the load benchmark, default 200; 20 with --quick), BENCH_DATABASE_URL (a PostgreSQL server
 * to use instead of starting Debian's).
 *
 * Every ratio compares two numbers measured in this same run, on this machine. Benchmarks print;
 * they never pass or fail on a time. Each one also writes its numbers, with the machine's
 * description, to bench/results/<name>.json.
 */
import os from "node:os";
import { runBundleBenchmark } from "./src/bundle";
import { runCompletionBenchmark, type CompletionOptions } from "./src/completion";
import { runEnvelopeListBenchmark, type EnvelopeListOptions } from "./src/envelope-list";
import { runLoadSignersBenchmark, type LoadSignersOptions } from "./src/load-signers";
import { formatGoals, goal, writeResult } from "./src/results";
import { runSessionsBenchmark, type SessionsOptions } from "./src/sessions";
import { runHandshakeFloodBenchmark, type HandshakeFloodOptions } from "./src/handshake-flood";
import { runDocumentsBenchmark, type DocumentsOptions } from "./src/documents";
import { runLongestTextBenchmark, type LongestTextOptions } from "./src/longest-text";
import { runSealingBenchmark, type SealingOptions } from "./src/sealing";
import { FAST_3G, medianRun, runSigningPageBenchmark } from "./src/signing-page";
import { medianTeamAppRun, runTeamAppBenchmark } from "./src/team-app";
import {
  formatDuration,
  formatRate,
  formatRatio,
  formatSize,
  formatThroughput,
  median,
  renderTable,
} from "./src/stats";
import { runThroughputBenchmark, type ThroughputOptions } from "./src/throughput";
import { runUploadBenchmark, type UploadOptions } from "./src/upload";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const transport = args.has("--http1") ? "http1" : "http2";
const transportName =
  transport === "http1" ? "the app over HTTP/1.1" : "the app over HTTP/2 (TLS), as behind nginx";
const only = [...args].find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const BENCHMARKS = [
  "sealing",
  "throughput",
  "documents",
  "longest-text",
  "completion",
  "sessions",
  "handshake-flood",
  "envelope-list",
  "signing-page",
  "team-app",
  "bundle",
  "load-signers",
  "upload",
];
const known = new Set(["--quick", "--http1", ...BENCHMARKS.map((name) => `--only=${name}`)]);
const unknown = [...args].filter((arg) => !known.has(arg));
if (unknown.length > 0) {
  console.error(`unknown option(s): ${unknown.join(" ")}`);
  console.error(`usage: run.ts [--quick] [--http1] [--only=${BENCHMARKS.join("|")}]`);
  process.exit(2);
}

const uploadOptions: UploadOptions = { pageCounts: quick ? [40] : [40, 180] };

const sealingOptions: SealingOptions = {
  sizes: [1024, 64 * 1024, 1024 * 1024],
  budgetMs: quick ? 800 : 4000,
  minIterations: quick ? 20 : 50,
  maxIterations: 50_000,
};

const throughputOptions: ThroughputOptions = {
  rounds: quick ? 1 : 3,
  durationMs: quick ? 2000 : 5000,
  warmUpMs: quick ? 500 : 1000,
  connections: 50,
  sessions: 10,
};

const documentsOptions: DocumentsOptions = {
  pageCounts: [1, 10, 100],
  budgetMs: quick ? 1000 : 5000,
  minIterations: quick ? 3 : 10,
  maxIterations: 1000,
};

const longestTextOptions: LongestTextOptions = {
  budgetMs: quick ? 1000 : 4000,
  minIterations: quick ? 3 : 10,
  maxIterations: 1000,
};

const completionOptions: CompletionOptions = {
  pages: 100,
  budgetMs: quick ? 2000 : 8000,
  minIterations: quick ? 2 : 5,
  maxIterations: 200,
  lagRuns: quick ? 2 : 5,
};

/** A list of positive integers from the environment (`"1000,100000"`), or the default. */
function counts(name: string, fallback: number[]): number[] {
  const value = process.env[name];
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = value.split(",").map((part) => Number(part.trim()));
  if (parsed.some((count) => !Number.isSafeInteger(count) || count < 1)) {
    console.error(`${name} must be positive integers separated by commas, not "${value}"`);
    process.exit(2);
  }
  return parsed;
}

const sessionsOptions: SessionsOptions = {
  memorySessions: counts("BENCH_SESSIONS", [10_000])[0] as number,
  tableRows: [1000, ...counts("BENCH_SESSION_ROWS", [100_000])],
  lookups: quick ? 300 : 2000,
};

const handshakeFloodOptions: HandshakeFloodOptions = {
  networks: 300,
  hellosPerNetwork: quick ? 40 : 100,
  maxSessions: quick ? 300 : 1000,
  newClients: quick ? 10 : 30,
};

const envelopeListOptions: EnvelopeListOptions = {
  scales: counts("BENCH_ENVELOPES", [1000, 100_000]),
  calls: quick ? 50 : 200,
  warmUpCalls: quick ? 5 : 20,
  pageSize: 20,
};

const signingPageRuns = quick ? 1 : 3;
const teamAppRuns = quick ? 1 : 3;

const loadSignersOptions: LoadSignersOptions = {
  signers: counts("BENCH_SIGNERS", [quick ? 20 : 200])[0] as number,
  seedConcurrency: 4,
};

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const loadAverage = (): string =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" ");

const log = (line: string): void => {
  process.stderr.write(`… ${line}\n`);
};

async function main(): Promise<void> {
  const started = performance.now();
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log(
    `Paraphe benchmarks${quick ? " (quick)" : ""} — Node ${process.versions.node}, ${os.cpus().length} × ${cpu}, load average ${loadAverage()}`,
  );

  if (only === undefined || only === "sealing") {
    log("sealing: real handshake against the api app, then sealed round trips");
    const results = await runSealingBenchmark(sealingOptions);
    console.log(
      "\nSealed request + answer vs raw AES-256-GCM over the same bytes (median per operation)\n",
    );
    console.log(
      renderTable([
        [
          "size",
          "iterations",
          "sealed",
          "client part",
          "server part",
          "raw node:crypto",
          "sealed/raw node",
          "raw WebCrypto",
          "sealed/raw WebCrypto",
          "same-AEAD floor",
          "sealed/floor",
        ],
        ...results.map((result) => [
          formatSize(result.size),
          String(result.iterations),
          formatDuration(result.sealedMs),
          formatDuration(result.sealedClientMs),
          formatDuration(result.sealedServerMs),
          `${formatDuration(result.rawNodeMs)} (${formatThroughput(4 * result.size, result.rawNodeMs)})`,
          formatRatio(result.sealedMs / result.rawNodeMs),
          formatDuration(result.rawWebCryptoMs),
          formatRatio(result.sealedMs / result.rawWebCryptoMs),
          formatDuration(result.floorMs),
          formatRatio(result.sealedMs / result.floorMs),
        ]),
      ]),
    );
    console.log(
      "\nOne operation = request sealed and opened + answer sealed and opened (4 AES-GCM passes).\n" +
        "sealed: client write/read (WebCrypto) + server openSealed/seal (node:crypto), framing and\n" +
        "associated data included. raw node / raw WebCrypto: the 4 passes on one implementation, one\n" +
        "call each, no protocol. floor: the 4 passes with WebCrypto on the client side and node:crypto\n" +
        "on the server side (the primitives the protocol runs), no protocol: the goal's baseline.",
    );
    const at64 = results.find((result) => result.size === 64 * 1024);
    const goals = [
      goal(
        "sealed / same-primitive AES-256-GCM (floor) at 64 KB",
        at64 === undefined ? Number.NaN : at64.sealedMs / at64.floorMs,
        1.5,
        "max",
        "the protocol's own work (framing, associated data, nonces, replay window, copies) costs " +
          "more than half the AES-GCM passes themselves",
      ),
    ];
    if (at64 !== undefined) {
      console.log(
        `\nReference, not the goal: sealed / raw node:crypto at 64 KB = ${formatRatio(at64.sealedMs / at64.rawNodeMs)}` +
          " (the client must use WebCrypto, whose fixed cost per call is several times node:crypto's)",
      );
    }
    console.log(`\n${formatGoals(goals, formatRatio)}`);
    writeResult("sealing", { quick, options: sealingOptions, results, goals });
  }

  if (only === undefined || only === "throughput") {
    log(
      `throughput: ${throughputOptions.rounds} round(s) × 3 scenarios × ${throughputOptions.durationMs / 1000} s, ${throughputOptions.connections} calls in flight`,
    );
    const result = await runThroughputBenchmark(throughputOptions, log);
    const baseline = result.bareFetch.requestsPerSecond;
    console.log(
      `\nRequests per second, ${throughputOptions.connections} calls in flight, ${throughputOptions.durationMs / 1000} s × ${throughputOptions.rounds} round(s) (medians)\n`,
    );
    console.log(
      renderTable([
        [
          "scenario",
          "req/s",
          "vs bare fetch",
          "p50",
          "p99",
          "errors",
          "client CPU",
          "server CPU",
          "client CPU/call",
          "server CPU/call",
        ],
        ...[result.bareFetch, result.tunnelled, result.bareAutocannon].map((scenario) => [
          scenario.name,
          formatRate(scenario.requestsPerSecond),
          formatRatio(scenario.requestsPerSecond / baseline),
          formatDuration(scenario.p50Ms),
          formatDuration(scenario.p99Ms),
          String(scenario.errors),
          `${scenario.clientCpu.toFixed(0)}%`,
          `${scenario.serverCpu.toFixed(0)}%`,
          // % of one core / calls per second = milliseconds of CPU per call.
          formatDuration((scenario.clientCpu * 10) / scenario.requestsPerSecond),
          formatDuration((scenario.serverCpu * 10) / scenario.requestsPerSecond),
        ]),
      ]),
    );
    const tunnelled = result.tunnelled.requestsPerSecond;
    console.log(
      `\ntunnelled / bare (same fetch loop): ${formatRatio(tunnelled / baseline)}` +
        `   bare / tunnelled: ${formatRatio(baseline / tunnelled)}` +
        `   tunnelled / bare (autocannon): ${formatRatio(tunnelled / result.bareAutocannon.requestsPerSecond)}`,
    );
    console.log(
      `The tunnelled calls are spread over ${throughputOptions.sessions} sessions; CPU is in % of one core ` +
        "(client: this process, the load generator; server: the server process).",
    );
    const goals = [
      goal(
        "tunnelled / bare Hono echo (same fetch loop)",
        tunnelled / baseline,
        0.5,
        "min",
        "each tunnelled call still pays, in the client, four WebCrypto calls (AES-GCM both ways, " +
          "the body's SHA-256, the HMAC: each a job handed to the thread pool and back) besides " +
          "fetch, and on the api the signature check, the session's replay window, AES-GCM both " +
          "ways and reading the route's answer back from a web stream (see CPU/call); a closed " +
          "loop measures latency, and a tunnelled call has more hops to be scheduled at, so the " +
          "ratio drops as other work takes the machine's cores (load average in the header)",
      ),
    ];
    console.log(`\n${formatGoals(goals, formatRatio)}`);
    writeResult("throughput", { quick, options: throughputOptions, results: result, goals });
  }

  if (only === undefined || only === "documents") {
    log("documents: stamp and seal generated PDFs of 1, 10 and 100 pages");
    const results = await runDocumentsBenchmark(documentsOptions, log);
    console.log(
      "\nSeal time per page: PAdES B-B seal of a stamped PDF vs SHA-256 of the same bytes (medians)\n",
    );
    console.log(
      renderTable([
        [
          "pages",
          "PDF",
          "iterations",
          "stamp",
          "seal",
          "seal/page",
          "SHA-256",
          "seal/SHA-256",
          "seal in worker",
          "worker round trip",
        ],
        ...results.map((result) => [
          String(result.pages),
          kb(result.bytes),
          String(result.iterations),
          formatDuration(result.stampMs),
          formatDuration(result.sealMs),
          formatDuration(result.sealMs / result.pages),
          formatDuration(result.sha256Ms),
          formatRatio(result.sealMs / result.sha256Ms),
          formatDuration(result.workerSealMs),
          `${result.workerSealMs < result.sealMs ? "-" : "+"}${formatDuration(Math.abs(result.workerSealMs - result.sealMs))} (${formatRatio(result.workerSealMs / result.sealMs)})`,
        ]),
      ]),
    );
    console.log(
      "\nstamp: stampFields (a signature PNG on the last page). seal: sealPdfInThisThread (RSA-2048,\n" +
        "SHA-256, incremental update). SHA-256: node:crypto over the same bytes, the floor of any\n" +
        "signature over the file. seal in worker: sealPdf through the document worker thread, as the\n" +
        "api calls it; worker round trip = seal in worker - seal (and their ratio).",
    );
    writeResult("documents", { quick, options: documentsOptions, results });
  }

  if (only === undefined || only === "longest-text") {
    log("longest-text: stamp and proof with the longest accepted text vs a normal one");
    const results = await runLongestTextBenchmark(longestTextOptions, log);
    console.log(
      "\nLongest accepted text vs a normal one, in the document engine (medians, this thread)\n",
    );
    console.log(
      renderTable([
        ["work", "normal", "time", "longest accepted", "time", "longest/normal", "iterations"],
        ...results.map((result) => [
          result.name,
          result.normal,
          formatDuration(result.normalMs),
          result.longest,
          formatDuration(result.longestMs),
          formatRatio(result.longestMs / result.normalMs),
          String(result.iterations),
        ]),
      ]),
    );
    console.log(
      "\nstamp: stampFields of a one-page PDF, one text field (0.3 × 0.04 of the page), shrunk and\n" +
        "wrapped to fit. proof: proofModel + layoutProofInThisThread, 8 events with the same user agent.\n" +
        "The layout is linear in the text's length: the ratio stays a small constant, not a freeze.",
    );
    writeResult("longest-text", { quick, options: longestTextOptions, results });
  }

  if (only === undefined || only === "completion") {
    log(`completion: stamp + seal + proof of a ${completionOptions.pages}-page PDF vs bare PAdES`);
    const result = await runCompletionBenchmark(completionOptions, log);
    console.log(
      `\nCompleting a ${result.pages}-page PDF (${kb(result.bytes)}) vs a bare PAdES signature of it (medians, this thread)\n`,
    );
    console.log(
      renderTable([
        [
          "iterations",
          "stamp + seal",
          "proof + its seal",
          "stamp + seal + proof",
          "bare PAdES (@libpdf/core)",
          "pipeline/bare",
          "(stamp + seal)/bare",
          "stamp, then seal (two loads)",
        ],
        [
          String(result.iterations),
          formatDuration(result.stampSealMs),
          formatDuration(result.proofMs),
          formatDuration(result.pipelineMs),
          formatDuration(result.barePadesMs),
          formatRatio(result.pipelineMs / result.barePadesMs),
          formatRatio(result.stampSealMs / result.barePadesMs),
          formatDuration(result.stampThenSealMs),
        ],
      ]),
    );
    console.log(
      `\nEvent-loop lag while completing (monitorEventLoopDelay, ${completionOptions.lagRuns} pipelines)\n`,
    );
    console.log(
      renderTable([
        ["where the work runs", "p50", "p99", "max"],
        ...(
          [
            ["document worker thread (as the api runs it)", result.lagOffThread],
            ["this thread (for contrast)", result.lagInThread],
          ] as const
        ).map(([name, lag]) => [
          name,
          formatDuration(lag.p50Ms),
          formatDuration(lag.p99Ms),
          formatDuration(lag.maxMs),
        ]),
      ]),
    );
    const ratioGoals = [
      goal(
        "stamp + seal + proof / bare PAdES",
        result.pipelineMs / result.barePadesMs,
        3,
        "max",
        "completion signs twice (the document, then the proof), bare PAdES once: the proof is " +
          "a second PDF laid out from scratch by pdf-lib and sealed ('proof + its seal' is most " +
          "of the pipeline); in its layout, fontkit encoding the three font subsets and the " +
          "drawing of the text are what is left: see the README",
      ),
    ];
    const lagGoals = [
      goal(
        "event-loop lag p99 while sealing in the worker",
        result.lagOffThread.p99Ms,
        50,
        "max",
        "the main thread still builds the proof's model, copies the PDFs to and from the worker " +
          "and collects their garbage; and when the load average (in the header) exceeds the " +
          "cores, the main thread also waits for a CPU, which the lag counts",
      ),
    ];
    console.log(
      `\n${formatGoals(ratioGoals, formatRatio)}\n${formatGoals(lagGoals, formatDuration)}`,
    );
    writeResult("completion", {
      quick,
      options: completionOptions,
      results: result,
      goals: [...ratioGoals, ...lagGoals],
    });
  }

  if (only === undefined || only === "sessions") {
    log(`sessions: ${sessionsOptions.memorySessions} sessions in the memory store`);
    const result = await runSessionsBenchmark(sessionsOptions, log);
    console.log(
      `\nTunnel sessions: memory store size, database store lookup (${result.database})\n`,
    );
    if (result.note !== null) console.log(`note: ${result.note}\n`);
    console.log(
      renderTable([
        ["memory store", "sessions", "retained (heap + buffers)", "per session"],
        [
          "MemorySessionStore",
          result.memory.sessions.toLocaleString("en-US"),
          `${(result.memory.bytes / (1024 * 1024)).toFixed(1)} MB`,
          `${Math.round(result.memory.bytesPerSession).toLocaleString("en-US")} B`,
        ],
      ]),
    );
    const smallest = result.lookups[0];
    console.log("");
    console.log(
      renderTable([
        ["database store: find()", "rows", "p50", "p95", "p50 vs smallest table"],
        ...result.lookups.map((lookup) => [
          "DatabaseSessionStore",
          lookup.rows.toLocaleString("en-US"),
          formatDuration(lookup.p50Ms),
          formatDuration(lookup.p95Ms),
          smallest === undefined ? "n/a" : formatRatio(lookup.p50Ms / smallest.p50Ms),
        ]),
      ]),
    );
    const largest = result.lookups.at(-1);
    if (largest !== undefined) {
      console.log(`\nPlan of the lookup at ${largest.rows.toLocaleString("en-US")} rows:\n`);
      console.log(largest.plan.replace(/^/gm, "  "));
    }
    const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
    const goals = [
      goal(
        `memory of ${result.memory.sessions.toLocaleString("en-US")} open sessions (memory store)`,
        (result.memory.bytes * 10_000) / result.memory.sessions,
        64 * 1024 * 1024,
        "max",
        "each session keeps its secrets, replay window, timestamps and address index entry",
      ),
    ];
    console.log(
      `\n${formatGoals(goals, mb)}\n` +
        "(the goal is for 10,000 sessions; another BENCH_SESSIONS is scaled to 10,000). One find()\n" +
        "is a primary-key read and an AES-GCM open of the secrets: its time should not grow with the table.",
    );
    writeResult("sessions", { quick, options: sessionsOptions, results: result, goals });
  }

  if (only === undefined || only === "handshake-flood") {
    log(
      `handshake-flood: ${handshakeFloodOptions.networks} networks flood the pending handshakes, then the session store`,
    );
    const results = await runHandshakeFloodBenchmark(handshakeFloodOptions, log);
    console.log(
      `\nTunnel handshakes of new clients while ${handshakeFloodOptions.networks} networks (IPv6 /64s) flood the tunnel\n`,
    );
    console.log(
      renderTable([
        [
          "flood",
          "flood calls",
          "flood answers",
          "pending at end",
          "new clients served",
          "new client p50 before",
          "under flood",
          "under / before",
        ],
        ...results.map((result) => [
          result.scenario === "pending"
            ? "step 1 only (pending table)"
            : `whole handshakes (store of ${handshakeFloodOptions.maxSessions})`,
          result.floodCalls.toLocaleString("en-US"),
          Object.entries(result.floodStatuses)
            .map(([status, count]) => `${status}: ${count.toLocaleString("en-US")}`)
            .join(", "),
          result.pendingAtEnd.toLocaleString("en-US"),
          `${result.newClientsServed}/${result.newClientsTried}`,
          formatDuration(result.baselineMs),
          formatDuration(result.underFloodMs),
          formatRatio(result.underFloodMs / result.baselineMs),
        ]),
      ]),
    );
    const goals = results.map((result) =>
      goal(
        `new clients served while the flood fills the ${result.scenario === "pending" ? "pending-handshake table" : "session store"}`,
        result.newClientsTried === 0
          ? Number.NaN
          : result.newClientsServed / result.newClientsTried,
        1,
        "min",
        "a full table refused a new client instead of taking the place of the busiest network's oldest entry",
      ),
    );
    console.log(
      `\n${formatGoals(goals, (share) => `${(share * 100).toFixed(0)} %`)}\n` +
        "Each flooding network holds at most 1/100 of the pending table; when a table is full, a new\n" +
        "client takes the place of the oldest entry of the network holding the most. The times are of\n" +
        "the same run: compare the ratio.",
    );
    writeResult("handshake-flood", { quick, options: handshakeFloodOptions, results, goals });
  }

  if (only === undefined || only === "envelope-list") {
    log(
      `envelope-list: ${envelopeListOptions.scales.map((n) => n.toLocaleString("en-US")).join(" and ")} envelopes, list and dashboard through the tunnel`,
    );
    const result = await runEnvelopeListBenchmark(envelopeListOptions, log);
    console.log(
      `\nEnvelope list and dashboard through the tunnel, one workspace, ${result.database} ` +
        `(page of ${envelopeListOptions.pageSize}, ${envelopeListOptions.calls} calls each)\n`,
    );
    if (result.note !== null) console.log(`note: ${result.note}\n`);
    console.log(
      renderTable([
        [
          "envelopes",
          "seed",
          "list p50",
          "list p95",
          "next page p50",
          "next page p95",
          "dashboard p50",
          "dashboard p95",
        ],
        ...result.scales.map((scale) => [
          scale.envelopes.toLocaleString("en-US"),
          formatDuration(scale.seedMs),
          formatDuration(scale.list.p50Ms),
          formatDuration(scale.list.p95Ms),
          formatDuration(scale.listNextPage.p50Ms),
          formatDuration(scale.listNextPage.p95Ms),
          formatDuration(scale.dashboard.p50Ms),
          formatDuration(scale.dashboard.p95Ms),
        ]),
      ]),
    );
    const [smallest] = result.scales;
    const largest = result.scales.at(-1);
    if (largest !== undefined) {
      console.log(
        `\nQuery plans at ${largest.envelopes.toLocaleString("en-US")} envelopes (EXPLAIN (ANALYZE, BUFFERS) of the queries one call ran on envelope and envelope_status_count):`,
      );
      for (const plan of largest.plans) {
        console.log(`\n[${plan.call}] ${plan.sql}\n${plan.plan.replace(/^/gm, "  ")}`);
      }
    }
    const goals =
      smallest === undefined || largest === undefined || smallest === largest
        ? []
        : [
            goal(
              `list p50 at ${largest.envelopes.toLocaleString("en-US")} / at ${smallest.envelopes.toLocaleString("en-US")}`,
              largest.list.p50Ms / smallest.list.p50Ms,
              1.5,
              "max",
              "the first page should read 21 rows of envelope_team_list_idx whatever the count: see the plan above",
            ),
            goal(
              `next page p50 at ${largest.envelopes.toLocaleString("en-US")} / at ${smallest.envelopes.toLocaleString("en-US")}`,
              largest.listNextPage.p50Ms / smallest.listNextPage.p50Ms,
              1.5,
              "max",
              "the keyset condition should start the index scan at the cursor: see the plan above",
            ),
            goal(
              `dashboard p50 at ${largest.envelopes.toLocaleString("en-US")} / at ${smallest.envelopes.toLocaleString("en-US")}`,
              largest.dashboard.p50Ms / smallest.dashboard.p50Ms,
              1.5,
              "max",
              "the dashboard sums the rows of envelope_status_count (one per workspace, owner and " +
                "status, kept by triggers as envelopes change), a number of rows that does not grow " +
                "with the envelopes; the 5 most recent are a 5-row read of envelope_team_list_idx",
            ),
          ];
    console.log(`\n${formatGoals(goals, formatRatio)}`);
    writeResult("envelope-list", { quick, options: envelopeListOptions, results: result, goals });
  }

  if (only === undefined || only === "bundle") {
    log("bundle: JS of the signing app and of the web app (production builds)");
    const [sign, web] = await runBundleBenchmark(log);
    console.log("\nSigning app JS vs web app JS (production builds; gzip: node:zlib, level 6)\n");
    console.log(
      renderTable([
        [
          "app",
          "initial files",
          "initial raw",
          "initial gzip",
          "all JS files",
          "all raw",
          "all gzip",
          "largest file (gzip)",
        ],
        ...[sign!, web!].map((result) => [
          result.app,
          String(result.initial.files),
          kb(result.initial.raw),
          kb(result.initial.gzip),
          String(result.all.files),
          kb(result.all.raw),
          kb(result.all.gzip),
          `${result.largest.name} (${kb(result.largest.gzip)})`,
        ]),
      ]),
    );
    console.log(
      `\nsign/web: initial gzip ${formatRatio(sign!.initial.gzip / web!.initial.gzip)}, ` +
        `all gzip ${formatRatio(sign!.all.gzip / web!.all.gzip)}.\n` +
        "initial = the scripts and modulepreload links of index.html; all = every .js under\n" +
        "dist/assets (lazy chunks included).",
    );
    const goals = [
      goal(
        "signing app, initial JavaScript (gzip)",
        sign!.initial.gzip,
        100 * 1024,
        "max",
        "React DOM and React alone are 66 KB gzip, i18next and its React binding 18 KB (the first " +
          "paint's texts), tailwind-merge 8 KB (the ui-kit's cn); everything else is loaded after " +
          "the first paint; the budget of tooling/size-budgets.json keeps it from growing",
      ),
    ];
    console.log(`\n${formatGoals(goals, kb)}`);
    writeResult("bundle", { quick, results: [sign, web], goals });
  }

  if (only === undefined || only === "signing-page") {
    log(`signing-page: real api + vite preview, Chromium under Fast 3G, ${signingPageRuns} run(s)`);
    const runs = await runSigningPageBenchmark({ runs: signingPageRuns, transport }, log);
    console.log(
      `\nSigning page, first page visible under Fast 3G (${FAST_3G.latencyMs} ms, ` +
        `${FAST_3G.downloadBytesPerSecond.toLocaleString("en-US")} B/s down, ` +
        `${FAST_3G.uploadBytesPerSecond.toLocaleString("en-US")} B/s up), cache disabled, ${transportName}\n`,
    );
    const row = (name: string, run: (typeof runs)[number]): string[] => [
      name,
      formatDuration(run.visibleMs),
      String(run.requests),
      kb(run.receivedBytes),
      kb(run.sentBytes),
      String(run.roundTrips),
      formatDuration(run.floorMs),
      formatRatio(run.visibleMs / run.floorMs),
    ];
    const middle = medianRun(runs);
    console.log(
      renderTable([
        [
          "run",
          "first page visible",
          "requests",
          "received",
          "sent",
          "round trips",
          "floor",
          "measured/floor",
        ],
        ...runs.map((run, index) => row(String(index + 1), run)),
        [
          "median",
          formatDuration(median(runs.map((run) => run.visibleMs))),
          String(middle.requests),
          kb(middle.receivedBytes),
          kb(middle.sentBytes),
          String(middle.roundTrips),
          formatDuration(middle.floorMs),
          formatRatio(median(runs.map((run) => run.visibleMs)) / middle.floorMs),
        ],
      ]),
    );
    console.log(
      "\nfloor = received / download rate + sent / upload rate + round trips × latency. Round trips:\n" +
        "the critical path to the page image, each request preceded by the one that finished last\n" +
        "before it started (median run):\n" +
        `  ${middle.chain.join(" → ")}`,
    );
    console.log(
      "\nRequests finished before the page showed (median run; ms from navigation start):\n",
    );
    console.log(
      renderTable([
        ["request", "start", "end", "received"],
        ...middle.waterfall.map((request) => [
          request.label,
          String(request.startMs),
          String(request.endMs),
          kb(request.received),
        ]),
      ]),
    );
    const visible = median(runs.map((run) => run.visibleMs));
    const pageGoals = [
      goal(
        "first page visible under Fast 3G (median)",
        visible,
        3500,
        "max",
        `the floor alone is ${formatDuration(middle.floorMs)}: ${middle.roundTrips} round trips ` +
          `(${formatDuration(middle.roundTrips * FAST_3G.latencyMs)}) and ` +
          `${kb(middle.receivedBytes)} at 180 KB/s; see bench/README.md, "Signing page under Fast 3G"`,
      ),
      goal(
        "round trips on the critical path",
        middle.roundTrips,
        5,
        "max",
        "the document, the entry, the tunnel's handshake (two requests, the second after the " +
          "attestation checker's chunk) and the open call, which carries the page (see bench/README.md)",
      ),
    ];
    console.log(
      `\n${pageGoals
        .map((item) =>
          formatGoals([item], (value) =>
            item.name.startsWith("round") ? String(value) : formatDuration(value),
          ),
        )
        .join("\n")}`,
    );
    writeResult("signing-page", {
      quick,
      options: { runs: signingPageRuns, transport },
      results: runs,
      goals: pageGoals,
    });
  }

  if (only === undefined || only === "team-app") {
    log(`team-app: real api + vite preview, Chromium under Fast 3G, ${teamAppRuns} run(s)`);
    const runs = await runTeamAppBenchmark({ runs: teamAppRuns, transport }, log);
    console.log(
      `\nTeam web app under Fast 3G (${FAST_3G.latencyMs} ms, ` +
        `${FAST_3G.downloadBytesPerSecond.toLocaleString("en-US")} B/s down, ` +
        `${FAST_3G.uploadBytesPerSecond.toLocaleString("en-US")} B/s up), cache disabled, 390 × 844, ${transportName}\n`,
    );
    const header = [
      "run",
      "time",
      "requests",
      "received",
      "sent",
      "round trips",
      "floor",
      "measured/floor",
    ];
    const row = (name: string, time: number, summary: (typeof runs)[number]["login"]): string[] => [
      name,
      formatDuration(time),
      String(summary.requests),
      kb(summary.receivedBytes),
      kb(summary.sentBytes),
      String(summary.roundTrips),
      formatDuration(summary.floorMs),
      formatRatio(time / summary.floorMs),
    ];
    const stretches = [
      {
        title: "/login usable (email field focused), from navigation start",
        time: (run: (typeof runs)[number]) => run.loginUsableMs,
        summary: (run: (typeof runs)[number]) => run.login,
      },
      {
        title:
          "dashboard shown (its counts and recent requests), from the code's Enter (the passkey offer skipped as it shows)",
        time: (run: (typeof runs)[number]) => run.dashboardMs,
        summary: (run: (typeof runs)[number]) => run.dashboard,
      },
    ];
    for (const stretch of stretches) {
      const middle = medianTeamAppRun(runs, stretch.time);
      console.log(`${stretch.title}:\n`);
      console.log(
        renderTable([
          header,
          ...runs.map((run, index) =>
            row(String(index + 1), stretch.time(run), stretch.summary(run)),
          ),
          row("median", median(runs.map(stretch.time)), stretch.summary(middle)),
        ]),
      );
      console.log(
        `\nRound trips (median run): ${stretch.summary(middle).chain.join(" → ")}\n` +
          "Requests (median run; ms from the stretch's start):\n",
      );
      console.log(
        renderTable([
          ["request", "start", "end", "received"],
          ...stretch
            .summary(middle)
            .waterfall.map((request) => [
              request.label,
              String(request.startMs),
              String(request.endMs),
              kb(request.received),
            ]),
        ]),
      );
      console.log("");
    }
    const loginMedian = median(runs.map((run) => run.loginUsableMs));
    const dashboardMedian = median(runs.map((run) => run.dashboardMs));
    const loginMiddle = medianTeamAppRun(runs, (run) => run.loginUsableMs);
    const dashboardMiddle = medianTeamAppRun(runs, (run) => run.dashboardMs);
    console.log(
      `the passkey offer showed ${formatDuration(median(runs.map((run) => run.passkeyOfferMs)))} ` +
        "after the code's Enter (median), within the dashboard's time.",
    );
    const teamGoals = [
      goal(
        "/login usable under Fast 3G (median)",
        loginMedian,
        3000,
        "max",
        `the floor alone is ${formatDuration(loginMiddle.login.floorMs)}: ` +
          `${loginMiddle.login.roundTrips} round trips and ${kb(loginMiddle.login.receivedBytes)} ` +
          'received at 180 KB/s; see bench/README.md, "Team web app under Fast 3G"',
      ),
      goal(
        "dashboard after sign-in under Fast 3G (median, from the code's Enter)",
        dashboardMedian,
        2000,
        "max",
        `the floor alone is ${formatDuration(dashboardMiddle.dashboard.floorMs)}: ` +
          `${dashboardMiddle.dashboard.roundTrips} round trips and ` +
          `${kb(dashboardMiddle.dashboard.receivedBytes)} received; see bench/README.md, "Team web app under Fast 3G"`,
      ),
    ];
    console.log(`\n${formatGoals(teamGoals, formatDuration)}`);
    writeResult("team-app", {
      quick,
      options: { runs: teamAppRuns, transport },
      results: runs,
      goals: teamGoals,
    });
  }

  if (only === undefined || only === "load-signers") {
    log(
      `load-signers: ${loadSignersOptions.signers} signers at once on ${loadSignersOptions.signers} envelopes, through the tunnel, on PostgreSQL`,
    );
    const result = await runLoadSignersBenchmark(loadSignersOptions, log);
    console.log(
      `\n${result.signers} signers at once, each through its own tunnel: handshake, open, page, sign (the api in a process of its own, ${result.database})\n`,
    );
    console.log(
      renderTable([
        ["call", "p50", "p95", "p99", "max"],
        ...(["handshake", "open", "page", "sign", "overall"] as const).map((kind) => [
          kind,
          formatDuration(result.latency[kind].p50Ms),
          formatDuration(result.latency[kind].p95Ms),
          formatDuration(result.latency[kind].p99Ms),
          formatDuration(result.latency[kind].maxMs),
        ]),
      ]),
    );
    console.log(
      `\nerrors: ${result.errors}${result.errorSamples.length > 0 ? ` (${result.errorSamples.join("; ")})` : ""}` +
        `\nthroughput: ${result.signersPerSecond.toFixed(1)} signers/s, ${formatRate(result.callsPerSecond)} calls/s over ${result.wallSeconds.toFixed(1)} s` +
        `\nevery envelope complete and sealed ${result.sealedAfterSeconds === null ? "(not reached)" : `${result.sealedAfterSeconds.toFixed(1)} s after the last signature`}` +
        `\nseeding (sign-in, ${result.signers} uploads and sends): ${result.seedSeconds.toFixed(1)} s`,
    );
    writeResult("load-signers", { quick, options: loadSignersOptions, results: result });
    if (result.errors > 0) process.exitCode = 1;
  }

  if (only === undefined || only === "upload") {
    log(
      `upload: scan-like PDFs of ${uploadOptions.pageCounts.join(" and ")} pages through the tunnel, the api in a process of its own with its job worker`,
    );
    const result = await runUploadBenchmark(uploadOptions, log);
    console.log(
      "\nUpload to editor: a scan-like PDF (full-page images) uploaded, then every page's preview\n",
    );
    console.log(
      renderTable([
        ["pages", "size", "time to the draft", "time to all previews", "draft / all previews"],
        ...result.runs.map((run) => [
          String(run.pages),
          formatSize(run.bytes),
          formatDuration(run.draftMs),
          formatDuration(run.allPreviewsMs),
          `${(run.ratio * 100).toFixed(1)} %`,
        ]),
      ]),
    );
    const uploadGoals = result.runs.map((run) =>
      goal(
        `${run.pages} pages: draft / all previews ≤ 5%`,
        run.ratio * 100,
        5,
        "max",
        "the upload still does work that grows with the pages before it answers",
      ),
    );
    console.log(`\n${formatGoals(uploadGoals, (value) => `${value.toFixed(1)} %`)}`);
    writeResult("upload", { quick, options: uploadOptions, results: result, goals: uploadGoals });
  }

  console.log(
    `\nTotal time: ${formatDuration(performance.now() - started)}; load average at the end ${loadAverage()}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
