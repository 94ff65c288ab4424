import type { Env, Hono } from "hono";

/** The path of the JSON echo route, on the bare server and (sealed) on the api. */
export const ECHO_PATH = "/bench/echo";

/** The same handler on both servers: parse the JSON body, answer it back as JSON. */
export function registerEcho<E extends Env>(app: Hono<E>): void {
  app.post(ECHO_PATH, async (c) => c.json((await c.req.json()) as unknown));
}

/** The body every throughput call sends (a small JSON call, like most of the api's). */
export const ECHO_BODY = JSON.stringify({
  envelopeId: "3f0d8c0e-6a3b-4a53-9a55-0b8f4ea7a1c2",
  action: "list-requests",
  page: 1,
  pageSize: 20,
  filters: { status: ["pending", "completed"], query: "contract" },
});
