/**
 * A server for the throughput benchmark, in a process of its own so that it does not share an
 * event loop with the load generator. `bare`: a Hono app with only the JSON echo route; `api`: the
 * real api app with the same echo route registered after the tunnel middleware (sealed).
 *
 * Talks to its parent over IPC: sends `{ type: "ready", port }`, answers `{ type: "cpu" }` with
 * its CPU time so far, and exits on `{ type: "stop" }`.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createBenchApi, type BenchApi } from "./api-app";
import { registerEcho } from "./echo";

export type ServerKind = "bare" | "api";

export type ParentMessage = { type: "cpu" } | { type: "stop" };
export type ChildMessage =
  | { type: "ready"; port: number }
  | { type: "cpu"; userMicros: number; systemMicros: number }
  | { type: "error"; message: string };

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const kind = process.argv[2] as ServerKind;
  let fetch: (request: Request) => Response | Promise<Response>;
  let api: BenchApi | undefined;
  if (kind === "bare") {
    const app = new Hono();
    registerEcho(app);
    fetch = app.fetch;
  } else if (kind === "api") {
    api = await createBenchApi({ routes: (app) => registerEcho(app) });
    fetch = api.app.fetch;
  } else {
    throw new Error(`unknown server kind: ${String(kind)}`);
  }

  const server = serve({ fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) =>
    send({ type: "ready", port: info.port }),
  );

  process.on("message", (message: ParentMessage) => {
    if (message.type === "cpu") {
      const usage = process.cpuUsage();
      send({ type: "cpu", userMicros: usage.user, systemMicros: usage.system });
    } else if (message.type === "stop") {
      server.close();
      void (api?.close() ?? Promise.resolve()).finally(() => process.exit(0));
    }
  });
  process.on("disconnect", () => process.exit(0));
}

main().catch((error: unknown) => {
  send({ type: "error", message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
