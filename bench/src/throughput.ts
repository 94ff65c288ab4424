/**
 * Requests per second of a tunnelled call versus a bare Hono JSON route on the same machine.
 *
 * Two servers run in child processes (so that neither shares an event loop with the load
 * generator): a bare Hono app with a JSON echo route, and the real api app with the same echo
 * route registered after the tunnel middleware. The same closed loop (N calls in flight, each
 * starting the next as soon as it ends, for a fixed duration) drives:
 *
 * - the bare route with plain `fetch` (the baseline),
 * - the api route through the real tunnel client (`createTunnelClient`: handshake, sealed request,
 *   sealed answer), each request signed (RFC 9421, `@paraphe/api-sdk`'s `signRequest`) with an
 *   app-level credential over the sealed bytes, as the apps send a call, and checked by the api;
 *   spread over several sessions as several users would be,
 *
 * and autocannon drives the bare route as a reference for what the machine serves with a load
 * generator far lighter than `fetch`. Rounds alternate between the scenarios; the median is kept.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { signRequest, type SigningCredential } from "@paraphe/api-sdk";
import { createTunnelClient, type TunnelClient, type WireRequest } from "@paraphe/tunnel-client";
import { bindingVerifier } from "@paraphe/api/testing";
import { BENCH_APP_CREDENTIAL } from "./api-app";
import { ECHO_BODY, ECHO_PATH } from "./echo";
import type { ChildMessage, ParentMessage, ServerKind } from "./server-process";
import { median, percentile } from "./stats";

export interface ThroughputOptions {
  rounds: number;
  durationMs: number;
  warmUpMs: number;
  /** Calls in flight (and autocannon connections). */
  connections: number;
  /** Tunnel sessions the calls are spread over. */
  sessions: number;
}

export interface ScenarioRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU used during the run, in % of one core. */
  clientCpu: number;
  serverCpu: number;
}

export interface ScenarioResult {
  name: string;
  runs: ScenarioRun[];
  /** Medians over the rounds. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  clientCpu: number;
  serverCpu: number;
}

export interface ThroughputResult {
  bareFetch: ScenarioResult;
  tunnelled: ScenarioResult;
  bareAutocannon: ScenarioResult;
}

interface RunningServer {
  url: string;
  /** CPU time of the server process so far, in microseconds. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

const SERVER_PROCESS = fileURLToPath(new URL("./server-process.ts", import.meta.url));

function startServer(kind: ServerKind): Promise<RunningServer> {
  // The child inherits this process's flags: the tsx loader and the @paraphe/source condition.
  const child: ChildProcess = fork(SERVER_PROCESS, [kind], { stdio: "inherit" });
  const waiting: ((message: ChildMessage) => void)[] = [];
  child.on("message", (message: ChildMessage) => {
    const listener = waiting.shift();
    listener?.(message);
  });
  const next = (): Promise<ChildMessage> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null): void =>
        reject(new Error(`the ${kind} server exited (code ${code})`));
      child.once("exit", onExit);
      waiting.push((message) => {
        child.off("exit", onExit);
        if (message.type === "error") reject(new Error(`${kind} server: ${message.message}`));
        else resolve(message);
      });
    });
  const ask = (message: ParentMessage): void => {
    child.send(message);
  };
  return next().then((ready) => {
    if (ready.type !== "ready") throw new Error(`the ${kind} server did not start`);
    return {
      url: `http://127.0.0.1:${ready.port}`,
      async cpuMicros() {
        const answer = next();
        ask({ type: "cpu" });
        const usage = await answer;
        if (usage.type !== "cpu") throw new Error("unexpected answer from the server process");
        return usage.userMicros + usage.systemMicros;
      },
      stop() {
        return new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          ask({ type: "stop" });
          setTimeout(() => child.kill(), 3000).unref();
        });
      },
    };
  });
}

function cpuPercent(cpuMicros: number, elapsedMs: number): number {
  return (cpuMicros / 1000 / elapsedMs) * 100;
}

/** `connections` workers, each calling `call` back to back until the deadline. */
async function closedLoop(
  server: RunningServer,
  options: ThroughputOptions,
  call: (worker: number) => Promise<void>,
): Promise<ScenarioRun> {
  const drive = async (durationMs: number, latencies: number[] | null) => {
    let completed = 0;
    let errors = 0;
    const deadline = performance.now() + durationMs;
    const worker = async (index: number): Promise<void> => {
      while (performance.now() < deadline) {
        const start = performance.now();
        try {
          await call(index);
          completed += 1;
          latencies?.push(performance.now() - start);
        } catch (error) {
          errors += 1;
          if (errors === 1 && latencies !== null) console.error("first error:", error);
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections }, (_, index) => worker(index)));
    return { completed, errors };
  };

  await drive(options.warmUpMs, null);
  const latencies: number[] = [];
  const serverBefore = await server.cpuMicros();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const { completed, errors } = await drive(options.durationMs, latencies);
  const elapsedMs = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = await server.cpuMicros();
  return {
    requestsPerSecond: completed / (elapsedMs / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    clientCpu: cpuPercent(client.user + client.system, elapsedMs),
    serverCpu: cpuPercent(serverAfter - serverBefore, elapsedMs),
  };
}

async function autocannonRun(
  server: RunningServer,
  options: ThroughputOptions,
): Promise<ScenarioRun> {
  const serverBefore = await server.cpuMicros();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  // autocannon 8 takes `warmup`, which its type definitions (7.x) do not list yet.
  const cannonOptions: autocannon.Options & {
    warmup: { connections: number; duration: number };
  } = {
    url: server.url + ECHO_PATH,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: ECHO_BODY,
    connections: options.connections,
    duration: options.durationMs / 1000,
    warmup: { connections: options.connections, duration: options.warmUpMs / 1000 },
  };
  const result = await autocannon(cannonOptions);
  const elapsedMs = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = await server.cpuMicros();
  return {
    requestsPerSecond: result["2xx"] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    // autocannon's CPU includes its warm-up; good enough for "who is busy".
    clientCpu: cpuPercent(client.user + client.system, elapsedMs),
    serverCpu: cpuPercent(serverAfter - serverBefore, elapsedMs),
  };
}

function summarise(name: string, runs: ScenarioRun[]): ScenarioResult {
  const pick = (field: keyof ScenarioRun) => median(runs.map((run) => run[field]));
  return {
    name,
    runs,
    requestsPerSecond: pick("requestsPerSecond"),
    p50Ms: pick("p50Ms"),
    p99Ms: pick("p99Ms"),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    clientCpu: pick("clientCpu"),
    serverCpu: pick("serverCpu"),
  };
}

export async function runThroughputBenchmark(
  options: ThroughputOptions,
  progress: (line: string) => void = () => undefined,
): Promise<ThroughputResult> {
  const [bare, api] = await Promise.all([startServer("bare"), startServer("api")]);
  try {
    const body = new TextEncoder().encode(ECHO_BODY);
    const clients: TunnelClient[] = Array.from({ length: options.sessions }, () =>
      createTunnelClient({ baseUrl: api.url, verifyEvidence: bindingVerifier() }),
    );

    const plainCall = async (): Promise<void> => {
      const response = await fetch(bare.url + ECHO_PATH, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: ECHO_BODY,
      });
      if (response.status !== 200) throw new Error(`bare echo answered ${response.status}`);
      await response.json();
    };
    const credential: SigningCredential = BENCH_APP_CREDENTIAL;
    const sign = async (wire: WireRequest): Promise<void> => {
      const signed = await signRequest({
        method: wire.method,
        url: wire.url,
        headers: wire.headers,
        body: wire.body,
        credential,
      });
      for (const [name, value] of Object.entries(signed)) wire.headers.set(name, value);
    };
    const tunnelledCall = async (worker: number): Promise<void> => {
      const client = clients[worker % clients.length] as TunnelClient;
      const response = await client.request("POST", ECHO_PATH, { body, beforeSend: sign });
      if (response.status !== 200 || !response.encrypted) {
        throw new Error(`tunnelled echo answered ${response.status}: ${await response.text()}`);
      }
      await response.json();
    };

    const bareRuns: ScenarioRun[] = [];
    const tunnelRuns: ScenarioRun[] = [];
    const cannonRuns: ScenarioRun[] = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      progress(`throughput round ${round}/${options.rounds}: bare route, plain fetch`);
      bareRuns.push(await closedLoop(bare, options, plainCall));
      progress(`throughput round ${round}/${options.rounds}: api route, tunnel client`);
      tunnelRuns.push(await closedLoop(api, options, tunnelledCall));
      progress(`throughput round ${round}/${options.rounds}: bare route, autocannon`);
      cannonRuns.push(await autocannonRun(bare, options));
    }
    for (const client of clients) client.destroy();
    return {
      bareFetch: summarise("bare Hono echo, plain fetch", bareRuns),
      tunnelled: summarise("api echo, tunnel client + signature", tunnelRuns),
      bareAutocannon: summarise("bare Hono echo, autocannon", cannonRuns),
    };
  } finally {
    await Promise.all([bare.stop(), api.stop()]);
  }
}
