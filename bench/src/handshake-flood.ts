/**
 * The tunnel under a handshake flood from a few hundred networks, against the real api app (its
 * routes, responder and memory session store, behind a trusted proxy that names each client):
 *
 * - `pending`: every flooding network (an IPv6 /64) sends step 1 of the handshake over and over,
 *   never step 2, more than enough to fill the pending-handshake table (10,000 by default);
 * - `sessions`: every flooding network completes handshakes until the session store
 *   (TUNNEL_MAX_SESSIONS, small here so that the run stays short) is full, and keeps going.
 *
 * Between the flood's calls, new clients (each from an address of its own) run the whole
 * handshake. Before the flood, the same new clients' handshakes give the baseline of the same run.
 * What counts is the share of new clients served under the flood, and their time against the
 * baseline: a ratio, never an absolute time.
 */
import { createTunnelSession } from "@paraphe/tunnel-client";
import { SESSION_ID_HEADER, TUNNEL_CONTENT_TYPE } from "@paraphe/tunnel-client/protocol";
import { bindingVerifier, openManualSession, type FetchLike } from "@paraphe/api/testing";
import { createBenchApi, type BenchApi } from "./api-app";
import { median } from "./stats";

export interface HandshakeFloodOptions {
  /** How many networks flood (IPv6 /64s). */
  networks: number;
  /** Step-1 calls each network sends in the `pending` scenario. */
  hellosPerNetwork: number;
  /** TUNNEL_MAX_SESSIONS of the `sessions` scenario. */
  maxSessions: number;
  /** New clients served before the flood (baseline) and during it. */
  newClients: number;
}

export interface FloodScenarioResult {
  scenario: "pending" | "sessions";
  networks: number;
  /** The flood's calls and how they were answered (HTTP status to count). */
  floodCalls: number;
  floodStatuses: Record<string, number>;
  /** Handshakes waiting for step 2 at the end, and the table's bound. */
  pendingAtEnd: number;
  /** New clients that opened a session under the flood, of those that tried. */
  newClientsServed: number;
  newClientsTried: number;
  /** Median time of a new client's whole handshake: before the flood, and under it. */
  baselineMs: number;
  underFloodMs: number;
}

const PROXY = "127.0.0.1";

/** Calls to the app from `ip`, through the trusted proxy. */
function from(api: BenchApi, ip: string): FetchLike {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("X-Forwarded-For", ip);
    return api.app.request(
      input,
      { ...init, headers },
      { incoming: { socket: { remoteAddress: PROXY } } },
    );
  };
}

const floodAddress = (network: number, host: number): string =>
  `2001:db8:${network.toString(16)}:0:${host.toString(16)}::1`;
const newClientAddress = (index: number): string =>
  `198.51.${100 + Math.floor(index / 250)}.${(index % 250) + 1}`;

/** A new client's whole handshake; resolves to its duration, or null when it was refused. */
async function newClient(api: BenchApi, index: number): Promise<number | null> {
  const started = performance.now();
  try {
    await openManualSession(from(api, newClientAddress(index)), {
      verifyEvidence: bindingVerifier(),
    });
    return performance.now() - started;
  } catch {
    return null;
  }
}

async function helloOnly(fetch: FetchLike): Promise<number> {
  const session = createTunnelSession({ verifyEvidence: bindingVerifier() });
  const hello = await session.getOutgoingMessage();
  if (hello === null) throw new Error("no client hello");
  const response = await fetch("http://api.test/tunnel/session", {
    method: "POST",
    headers: { "Content-Type": TUNNEL_CONTENT_TYPE },
    body: new Uint8Array(hello),
  });
  await response.arrayBuffer();
  if (response.status === 200 && response.headers.get(SESSION_ID_HEADER) === null) {
    throw new Error("a step 1 answer without a session id");
  }
  return response.status;
}

async function fullHandshake(fetch: FetchLike): Promise<number> {
  try {
    await openManualSession(fetch, { verifyEvidence: bindingVerifier() });
    return 200;
  } catch (error) {
    const status = /answered (\d+)/.exec(String(error))?.[1];
    return status === undefined ? 0 : Number(status);
  }
}

async function runScenario(
  scenario: "pending" | "sessions",
  options: HandshakeFloodOptions,
  log: (line: string) => void,
): Promise<FloodScenarioResult> {
  const api = await createBenchApi({
    env: {
      TRUSTED_PROXIES: PROXY,
      ...(scenario === "sessions" ? { TUNNEL_MAX_SESSIONS: String(options.maxSessions) } : {}),
    },
  });
  try {
    const baseline: number[] = [];
    for (let i = 0; i < options.newClients; i++) {
      const took = await newClient(api, i);
      if (took === null) throw new Error("a new client was refused before any flood");
      baseline.push(took);
    }

    const rounds = scenario === "pending" ? options.hellosPerNetwork : Number.POSITIVE_INFINITY;
    const floodStatuses: Record<string, number> = {};
    let floodCalls = 0;
    const underFlood: number[] = [];
    let served = 0;
    let tried = 0;
    // Sessions: the flood runs until the store has been full for as many calls again.
    const sessionCalls = Math.ceil((options.maxSessions * 2) / options.networks) * options.networks;
    const newClientEvery = Math.max(
      1,
      Math.floor(
        (scenario === "pending" ? options.networks * options.hellosPerNetwork : sessionCalls) /
          options.newClients,
      ),
    );
    for (let round = 0; round < rounds; round++) {
      for (let network = 0; network < options.networks; network++) {
        if (scenario === "sessions" && floodCalls >= sessionCalls) break;
        const fetch = from(api, floodAddress(network, round));
        const status = scenario === "pending" ? await helloOnly(fetch) : await fullHandshake(fetch);
        floodStatuses[status] = (floodStatuses[status] ?? 0) + 1;
        floodCalls += 1;
        if (floodCalls % newClientEvery === 0 && tried < options.newClients) {
          tried += 1;
          const took = await newClient(api, options.newClients + tried);
          if (took !== null) {
            served += 1;
            underFlood.push(took);
          }
        }
      }
      if (scenario === "sessions" && floodCalls >= sessionCalls) break;
    }
    log(
      `handshake-flood (${scenario}): ${floodCalls} flood calls, ${served}/${tried} new clients served`,
    );
    return {
      scenario,
      networks: options.networks,
      floodCalls,
      floodStatuses,
      pendingAtEnd: api.tunnel.responder.pendingCount,
      newClientsServed: served,
      newClientsTried: tried,
      baselineMs: median(baseline),
      underFloodMs: underFlood.length === 0 ? Number.NaN : median(underFlood),
    };
  } finally {
    await api.close();
  }
}

export async function runHandshakeFloodBenchmark(
  options: HandshakeFloodOptions,
  log: (line: string) => void,
): Promise<FloodScenarioResult[]> {
  return [await runScenario("pending", options, log), await runScenario("sessions", options, log)];
}
