import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { startApi } from "../runtime";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import {
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
} from "../test/envelopes";
import { parsePrometheusText } from "../test/prometheus-text";
import { startMetricsServer, type MetricsServer } from "./metrics-server";

/** The sum of the samples of `name` whose labels include each of `labels` (`key="value"`). */
function total(samples: Map<string, number>, name: string, labels: string[] = []): number {
  let sum = 0;
  for (const [key, value] of samples) {
    const sampleName = key.split("{")[0];
    if (sampleName === name && labels.every((label) => key.includes(label))) sum += value;
  }
  return sum;
}

async function scrape(url: string): Promise<Map<string, number>> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

describe("Prometheus metrics", () => {
  let h: IdentityHarness;
  let server: MetricsServer;

  beforeAll(async () => {
    h = await createIdentityHarness("pglite");
    server = await startMetricsServer({ host: "127.0.0.1", port: 0, logger: h.t.logger });
  });

  afterAll(async () => {
    await server.close();
    await h.destroy();
  });

  it("parse as Prometheus text, and move when an envelope is sealed: its seal, its job, and the tunnelled calls by their api route", async () => {
    const before = await scrape(server.url);
    const sender = await signUpMember(h, "sender");
    const signer = uniqueEmail("signer");
    const sent = await sentEnvelope(sender, [signer], { title: "Metrics check" });
    await h.t.jobs.runUntilIdle();
    const client = signingClient(h);
    const link = await linkFromMail(h, signer, sent.uuid);
    await readEveryPage(client, link);
    await sign(client, link);
    await h.t.jobs.runUntilIdle();
    const after = await scrape(server.url);

    const moved = (name: string, labels: string[] = []) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved("paraphe_seal_duration_seconds_count", ['outcome="sealed"'])).toBe(1);
    expect(moved("paraphe_job_attempts_total", ['job="seal-envelope"', 'outcome="done"'])).toBe(1);
    expect(moved("paraphe_job_duration_seconds_count", ['job="seal-envelope"'])).toBe(1);
    // The calls arrived through the tunnel: each is counted by its api route, never by a raw path.
    expect(
      moved("paraphe_http_requests_total", [
        'route="/envelope/sign"',
        'status="200"',
        'tunnelled="1"',
      ]),
    ).toBe(1);
    expect(moved("paraphe_http_request_duration_seconds_count", ['route="/envelope/sign"'])).toBe(
      1,
    );
    expect(moved("paraphe_tunnel_sessions_total", ['event="opened"'])).toBeGreaterThan(0);
    for (const key of after.keys()) {
      expect(key).not.toContain(sent.uuid);
      expect(key).not.toContain("@");
    }
  });

  it("answers /metrics only", async () => {
    const other = await fetch(server.url.replace(/\/metrics$/, "/"));
    expect(other.status).toBe(404);
    const post = await fetch(server.url, { method: "POST" });
    expect(post.status).toBe(404);
  });
});

describe("the metrics listener of the api process", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-api-metrics-"));
    await mkdir(dataDir, { recursive: true });
    await cp(inject("pgliteTemplateDir"), path.join(dataDir, "pglite"), { recursive: true });
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is not started without METRICS_PORT; with it, listens on loopback with the job queue's gauges", async () => {
    const env = { NODE_ENV: "test", DATA_DIR: dataDir, API_PORT: "0", LOG_LEVEL: "silent" };
    const withoutPort = loadConfig(env);
    const plain = await startApi(withoutPort, createLogger(withoutPort));
    try {
      expect(plain.metricsUrl).toBeUndefined();
    } finally {
      await plain.stop();
    }

    const config = loadConfig({ ...env, METRICS_PORT: "0" });
    expect(config.metricsHost).toBe("127.0.0.1");
    const api = await startApi(config, createLogger(config));
    try {
      expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(api.metricsUrl).not.toBe(`${api.url}/metrics`);
      const response = await fetch(api.metricsUrl ?? "");
      const text = await response.text();
      parsePrometheusText(text);
      expect(text).toContain("# TYPE paraphe_jobs_waiting gauge");
      expect(text).toContain("# TYPE paraphe_job_oldest_waiting_seconds gauge");
      expect(text).toContain("paraphe_process_cpu_seconds_total");
      // The api's own listener does not serve them.
      expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    } finally {
      await api.stop();
    }
  });
});
