import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { loadConfig } from "./config";
import { createLogger } from "./logger";
import { startApi } from "./runtime";
import { startTestS3 } from "./test/s3";
import { createTestTunnelClient } from "./test/tunnel";

describe("the api process", () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-api-run-"));
    // A migrated embedded database, so that the start does not pay PGlite's first-run cost.
    await mkdir(dataDir, { recursive: true });
    await cp(inject("pgliteTemplateDir"), path.join(dataDir, "pglite"), { recursive: true });
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts, answers /health over HTTP, creates the development master key, and stops quickly", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      API_PORT: "0",
      LOG_LEVEL: "silent",
    });
    const api = await startApi(config, createLogger(config));
    try {
      const response = await fetch(`${api.url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
      expect((await stat(path.join(dataDir, "master.key"))).mode & 0o777).toBe(0o600);
      // The secure tunnel answers over HTTP: a real client opens a session.
      const client = createTestTunnelClient((input, init) => fetch(input, init), {
        baseUrl: api.url,
      });
      await client.ensureOpen();
      expect(client.isOpen()).toBe(true);
      expect(await (await fetch(`${api.url}/attestation/reference-values`)).json()).toEqual({
        referenceValues: {},
      });
    } finally {
      const started = performance.now();
      await api.stop();
      expect(performance.now() - started).toBeLessThan(2000);
    }
    await expect(fetch(`${api.url}/health`)).rejects.toThrow();
  });

  it("starts with BLOB_STORAGE=s3 on a bucket that exists, never logging the secret, and refuses a missing bucket", async () => {
    const s3 = await startTestS3();
    try {
      const env = {
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        API_PORT: "0",
        LOG_LEVEL: "info",
        ...s3.env,
        // s3rver checks the key id, not version-4 signatures: any secret goes, so one to look for.
        S3_SECRET_ACCESS_KEY: "runtime-secret-7f3a",
      };
      const lines: string[] = [];
      const config = loadConfig(env);
      const api = await startApi(
        config,
        createLogger(config, { write: (line) => lines.push(line) }),
      );
      try {
        expect((await fetch(`${api.url}/health`)).status).toBe(200);
      } finally {
        await api.stop();
      }
      const logged = lines.join("\n");
      expect(logged).toContain(`"S3_BUCKET":"${s3.settings.bucket}"`);
      expect(logged).toContain('"S3_SECRET_ACCESS_KEY":"(set, not shown)"');
      expect(logged).toContain('"blobStorage":"s3"');
      expect(logged).not.toContain("runtime-secret-7f3a");

      const missing = loadConfig({ ...env, S3_BUCKET: "no-such-bucket" });
      await expect(startApi(missing, createLogger({ logLevel: "silent" }))).rejects.toThrow(
        'The S3 bucket "no-such-bucket" cannot be used: it does not exist',
      );
    } finally {
      await s3.stop();
    }
  });

  it("is ready with its job worker running and its S3 store answering; not ready, though alive, once the S3 server stops", async () => {
    const s3 = await startTestS3();
    let s3Running = true;
    try {
      const config = loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        API_PORT: "0",
        LOG_LEVEL: "silent",
        ...s3.env,
      });
      const api = await startApi(config, createLogger(config));
      try {
        expect(await (await fetch(`${api.url}/ready`)).json()).toEqual({
          status: "ready",
          checks: { database: "ok", fileStore: "ok", jobs: "ok" },
        });
        await s3.stop();
        s3Running = false;
        const notReady = await fetch(`${api.url}/ready`);
        expect(notReady.status).toBe(503);
        expect(((await notReady.json()) as { error: { message: string } }).error.message).toBe(
          "Not ready: the file store is unreachable.",
        );
        expect((await fetch(`${api.url}/health`)).status).toBe(200);
      } finally {
        await api.stop();
      }
    } finally {
      if (s3Running) await s3.stop();
    }
  });

  it("runs server.ts: listens on API_PORT, then exits 0 within 2 s of SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      ["--conditions=@paraphe/source", "--import", "tsx", "src/server.ts"],
      {
        cwd: path.join(import.meta.dirname, ".."),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "development",
          DATA_DIR: dataDir,
          API_PORT: "0",
          LOG_LEVEL: "info",
          DEV_MAILBOX: "1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    try {
      await expect
        // The process compiles the api's sources first: on a busy machine that takes a while.
        .poll(() => output.includes('"msg":"api listening"'), { timeout: 60_000, interval: 100 })
        .toBe(true);
      const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)","msg":"api listening"/.exec(output)?.[1];
      expect(url).toBeDefined();
      expect(output).toContain('"url":"http://localhost:3000/dev/mailbox"');
      expect(output).toContain('"msg":"configuration"');
      expect(output).toContain(
        '"msg":"secure tunnel ready (no hardware isolation on this server)"',
      );
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);

      const started = performance.now();
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(output).toContain('"msg":"api stopped"');
    } finally {
      child.kill("SIGKILL");
    }
  }, 120_000);

  it("exits 1 with the invalid variable named when the configuration is wrong", async () => {
    const child = spawn(
      process.execPath,
      ["--conditions=@paraphe/source", "--import", "tsx", "src/server.ts"],
      {
        cwd: path.join(import.meta.dirname, ".."),
        env: { PATH: process.env.PATH, API_PORT: "not-a-port", DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) =>
      child.on("exit", (exitCode) => resolve(exitCode)),
    );
    expect(code).toBe(1);
    expect(stderr).toContain("API_PORT: must be a whole number from 0 to 65535");
  });
});
