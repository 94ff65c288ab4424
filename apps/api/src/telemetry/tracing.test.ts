import { randomBytes } from "node:crypto";
import { createApiClient, DEFAULT_APP_CREDENTIALS } from "@paraphe/api-sdk";
import type { TunnelClient } from "@paraphe/tunnel-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createIdentityHarness,
  socketEnv,
  TEST_PROXY_ADDRESS,
  uniqueEmail,
  type IdentityHarness,
} from "../test/identity";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../test/otlp-receiver";
import { createTestTunnelClient } from "../test/tunnel";
import { envelopeDeadlinesJob } from "../envelopes/job-definitions";
import { scheduleRecurringJob } from "../jobs/queue";
import { startTracing, type Tracing } from "./tracing";

const SERVER = 2;

function attribute(span: ReceivedSpan, key: string): unknown {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
}

describe("traces over OTLP/HTTP", () => {
  let receiver: OtlpReceiver;
  let tracing: Tracing;
  let h: IdentityHarness;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // Before the database opens: its queries are traced from the start.
    tracing = await startTracing({ endpoint: receiver.url });
    h = await createIdentityHarness("pglite");
  });

  afterAll(async () => {
    await h.destroy();
    await tracing.shutdown();
    await receiver.close();
  });

  it("continues the traceparent sealed inside a tunnelled call: the api's request and database spans join the caller's trace, and its log lines name it", async () => {
    const traceId = randomBytes(16).toString("hex");
    const parentId = randomBytes(8).toString("hex");
    const traceparent = `00-${traceId}-${parentId}-01`;
    const fetch = async (input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set("X-Forwarded-For", "203.0.113.9");
      return h.t.app.request(input, { ...init, headers }, socketEnv(TEST_PROXY_ADDRESS));
    };
    const tunnel = createTestTunnelClient(fetch);
    // What a browser's traced call does: its trace context goes with the call, inside the seal.
    const traced: TunnelClient = {
      ...tunnel,
      request: (method, path, options) => tunnel.request(method, path, { ...options, traceparent }),
    };
    const api = createApiClient({
      baseUrl: "http://api.test",
      tunnel: traced,
      appCredential: DEFAULT_APP_CREDENTIALS.web,
    });
    const email = uniqueEmail("traced");
    await api.authentication.requestCode({ email });
    await tracing.flush();

    const inTrace = receiver.spans().filter((span) => span.traceId === traceId);
    const server = inTrace.find((span) => span.name === "POST /authentication/request-code");
    expect(server).toMatchObject({ parentSpanId: parentId, kind: SERVER });
    expect(attribute(server as ReceivedSpan, "http.route")).toBe("/authentication/request-code");
    expect(attribute(server as ReceivedSpan, "paraphe.tunnelled")).toBe(true);
    const queries = inTrace.filter((span) => span.name.startsWith("db "));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((span) => span.parentSpanId === server?.spanId)).toBe(true);
    expect(queries.some((span) => String(attribute(span, "db.query.text")).includes("$1"))).toBe(
      true,
    );
    // Statements travel without their values: the email is in no span.
    expect(receiver.bodies().some((body) => body.includes(email))).toBe(false);
    // The request's log lines carry the trace id, its access line included.
    const lines = h.t.logs.filter((line) => line.traceId === traceId);
    expect(lines.some((line) => line.msg === "request" && line.status === 200)).toBe(true);
  });

  it("continues a plaintext traceparent header on a public path, names it by route, and leaves a path it does not know as unmatched", async () => {
    const traceId = randomBytes(16).toString("hex");
    const parentId = randomBytes(8).toString("hex");
    await h.t.app.request("/health", { headers: { traceparent: `00-${traceId}-${parentId}-01` } });
    await h.t.app.request("/no/such/path/secret-token-123");
    await tracing.flush();
    const spans = receiver.spans();
    expect(
      spans.find((span) => span.traceId === traceId && span.name === "GET /health"),
    ).toMatchObject({
      parentSpanId: parentId,
      kind: SERVER,
    });
    expect(spans.some((span) => span.name === "GET unmatched")).toBe(true);
    expect(receiver.bodies().some((body) => body.includes("secret-token-123"))).toBe(false);
  });

  it("gives each job attempt a span, its queries within it", async () => {
    await scheduleRecurringJob(
      h.database.connection.db,
      envelopeDeadlinesJob,
      60_000,
      "now",
      Date.now(),
    );
    await h.t.jobs.runUntilIdle();
    await tracing.flush();
    const spans = receiver.spans();
    const job = spans.find((span) => span.name === "job envelope-deadlines");
    expect(job).toBeDefined();
    expect(
      spans.some((span) => span.name.startsWith("db ") && span.parentSpanId === job?.spanId),
    ).toBe(true);
  });
});
