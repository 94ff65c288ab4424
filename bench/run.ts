/**
 * Paraphe's benchmark runner: `pnpm bench` (or `pnpm --filter @paraphe/bench bench`).
 *
 *   --quick            short run (a few seconds per benchmark)
 *   --only=sealing     only the sealing benchmark (or --only=throughput)
 *
 * Every ratio compares two numbers measured in this same run, on this machine. Benchmarks print;
 * they never pass or fail on a time.
 */
import os from "node:os";
import { runSealingBenchmark, type SealingOptions } from "./src/sealing";
import {
  formatDuration,
  formatRate,
  formatRatio,
  formatSize,
  formatThroughput,
  renderTable,
} from "./src/stats";
import { runThroughputBenchmark, type ThroughputOptions } from "./src/throughput";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const only = [...args].find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const known = new Set(["--quick", "--only=sealing", "--only=throughput"]);
const unknown = [...args].filter((arg) => !known.has(arg));
if (unknown.length > 0) {
  console.error(`unknown option(s): ${unknown.join(" ")}`);
  console.error("usage: run.ts [--quick] [--only=sealing|--only=throughput]");
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

  console.log(
    `\nTotal time: ${formatDuration(performance.now() - started)}; load average at the end ${loadAverage()}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
