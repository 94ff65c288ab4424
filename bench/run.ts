/**
 * Paraphe's benchmark runner: `pnpm bench` (or `pnpm --filter @paraphe/bench bench`).
 *
 *   --quick            short run (a few seconds per benchmark)
 *   --only=NAME        only one benchmark: sealing, throughput, documents, longest-text,
 *                      signing-page, bundle
 *
 * Every ratio compares two numbers measured in this same run, on this machine. Benchmarks print;
 * they never pass or fail on a time.
 */
import os from "node:os";
import { runBundleBenchmark } from "./src/bundle";
import { runDocumentsBenchmark, type DocumentsOptions } from "./src/documents";
import { runLongestTextBenchmark, type LongestTextOptions } from "./src/longest-text";
import { runSealingBenchmark, type SealingOptions } from "./src/sealing";
import { FAST_3G, medianRun, runSigningPageBenchmark } from "./src/signing-page";
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

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const only = [...args].find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const BENCHMARKS = ["sealing", "throughput", "documents", "longest-text", "signing-page", "bundle"];
const known = new Set(["--quick", ...BENCHMARKS.map((name) => `--only=${name}`)]);
const unknown = [...args].filter((arg) => !known.has(arg));
if (unknown.length > 0) {
  console.error(`unknown option(s): ${unknown.join(" ")}`);
  console.error(`usage: run.ts [--quick] [--only=${BENCHMARKS.join("|")}]`);
  process.exit(2);
}

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

const signingPageRuns = quick ? 1 : 3;

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
          "sealed/raw",
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
          formatDuration(result.floorMs),
          formatRatio(result.sealedMs / result.floorMs),
        ]),
      ]),
    );
    console.log(
      "\nOne operation = request sealed and opened + answer sealed and opened (4 AES-GCM passes).\n" +
        "sealed: client write/read (WebCrypto) + server openSealed/seal (node:crypto), framing and\n" +
        "associated data included. raw: the 4 passes on node:crypto alone. floor: the 4 passes with\n" +
        "WebCrypto on the client side and node:crypto on the server side, no protocol.",
    );
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
        ["scenario", "req/s", "vs bare fetch", "p50", "p99", "errors", "client CPU", "server CPU"],
        ...[result.bareFetch, result.tunnelled, result.bareAutocannon].map((scenario) => [
          scenario.name,
          formatRate(scenario.requestsPerSecond),
          formatRatio(scenario.requestsPerSecond / baseline),
          formatDuration(scenario.p50Ms),
          formatDuration(scenario.p99Ms),
          String(scenario.errors),
          `${scenario.clientCpu.toFixed(0)}%`,
          `${scenario.serverCpu.toFixed(0)}%`,
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
        "initial = the entry module and modulepreload links of index.html; all = every .js under\n" +
        "dist/assets (lazy chunks included).",
    );
  }

  if (only === undefined || only === "signing-page") {
    log(`signing-page: real api + vite preview, Chromium under Fast 3G, ${signingPageRuns} run(s)`);
    const runs = await runSigningPageBenchmark({ runs: signingPageRuns }, log);
    console.log(
      `\nSigning page, first page visible under Fast 3G (${FAST_3G.latencyMs} ms, ` +
        `${FAST_3G.downloadBytesPerSecond.toLocaleString("en-US")} B/s down, ` +
        `${FAST_3G.uploadBytesPerSecond.toLocaleString("en-US")} B/s up), cache disabled\n`,
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
  }

  console.log(
    `\nTotal time: ${formatDuration(performance.now() - started)}; load average at the end ${loadAverage()}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
