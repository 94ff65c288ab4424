import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  attestationEvidenceSchema,
  computeReferenceValue,
  evaluateEvidence,
  HARDWARE_COMPONENT,
  NO_HARDWARE_ISOLATION_REASON,
} from "@paraphe/attestation";
import { createTunnelSession } from "@paraphe/tunnel-client";
import {
  decodeServerHello,
  fromBase64Url,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
} from "@paraphe/tunnel-client/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/databases";
import {
  canonicalConfiguration,
  CONTAINER_BUNDLE,
  CONTAINER_CONFIG,
  parseReferenceValues,
  writeReferenceValues,
} from "./reference-values";
import { createServerIdentity } from "./server-identity";
import { bindingVerifier, createTestTunnelClient, fetchFromApp } from "../test/tunnel";

const TEST_ENV = { NODE_ENV: "test" };

/** Step 1 of a handshake against the app: the evidence the server sends, and the nonce sent. */
async function evidenceFrom(t: TestApp) {
  const session = createTunnelSession({ verifyEvidence: bindingVerifier() });
  const clientHello = await session.getOutgoingMessage();
  if (clientHello === null) throw new Error("no hello");
  const response = await t.app.request("/tunnel/session", {
    method: "POST",
    headers: { "Content-Type": TUNNEL_CONTENT_TYPE },
    body: new Uint8Array(clientHello),
  });
  expect(response.headers.get(SESSION_ID_HEADER)).not.toBeNull();
  const { evidence } = decodeServerHello(new Uint8Array(await response.arrayBuffer()));
  return { evidence, clientNonce: clientHello.subarray(6) };
}

async function servedReferenceValues(t: TestApp): Promise<Record<string, string>> {
  const body = (await (await t.app.request("/attestation/reference-values")).json()) as {
    referenceValues: Record<string, string>;
  };
  return body.referenceValues;
}

describe("the server's attestation evidence (no TEE on this machine)", () => {
  let database: TestDatabase;
  let dir: string;
  let bundleFile: string;
  let built: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    dir = await mkdtemp(path.join(tmpdir(), "paraphe-api-identity-"));
    bundleFile = path.join(dir, "server.js");
    await writeFile(bundleFile, "console.log('the api bundle');\n");
    // What `tsup` does after building dist/server.js, for the environment the api will run with.
    await writeReferenceValues({ bundleFile, env: TEST_ENV });
    built = await createTestApp(database.connection.db, TEST_ENV, { entryFile: bundleFile });
  });

  afterAll(async () => {
    await built.destroy();
    await database.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it("says platform none with the plain reason, bound to the handshake's HPKE key and nonce, measuring its software", async () => {
    const { evidence, clientNonce } = await evidenceFrom(built);
    const attestation = attestationEvidenceSchema.parse(evidence.attestation);
    expect(attestation.platform).toBe("none");
    expect(attestation.report).toBeUndefined();
    expect(
      Buffer.from(attestation.hpkePublicKey, "base64").equals(
        Buffer.from(fromBase64Url(evidence.hpkePublicKey) ?? []),
      ),
    ).toBe(true);
    expect(
      Buffer.from(attestation.hpkePublicKey, "base64").equals(
        Buffer.from(built.tunnel.identity.publicKey),
      ),
    ).toBe(true);
    expect(Buffer.from(attestation.nonce, "base64").equals(Buffer.from(clientNonce))).toBe(true);
    expect(evidence.clientNonce).toBe(Buffer.from(clientNonce).toString("base64url"));
    expect(attestation.measurements).toEqual({
      [CONTAINER_BUNDLE]: createHash("sha256")
        .update(await readFile(bundleFile))
        .digest("hex"),
      [CONTAINER_CONFIG]: createHash("sha256")
        .update(canonicalConfiguration(built.config))
        .digest("hex"),
    });
    expect(Object.keys(attestation.measurements)).not.toContain(HARDWARE_COMPONENT);
  });

  it("evaluates to a non-Success status with the plain reason, the hardware not verified, the software verified against the served reference values", async () => {
    const { evidence, clientNonce } = await evidenceFrom(built);
    const referenceValues = await servedReferenceValues(built);
    expect(referenceValues).toEqual(
      parseReferenceValues(await readFile(path.join(dir, "reference-values.json"), "utf8")),
    );
    const evaluation = await evaluateEvidence(evidence.attestation, {
      referenceValues,
      expectedKeyBinding: { hpkePublicKey: built.tunnel.identity.publicKey, nonce: clientNonce },
      now: new Date(),
    });
    expect(evaluation.status.status).not.toBe("Success");
    expect(evaluation.status.reason).toBe(NO_HARDWARE_ISOLATION_REASON);
    expect(evaluation.status.components).toEqual({
      [HARDWARE_COMPONENT]: false,
      [CONTAINER_BUNDLE]: true,
      [CONTAINER_CONFIG]: true,
    });
  });

  it("gets a software component verified only when it equals the served reference value", async () => {
    // Another bundle than the one the build measured, and another configuration than it was given.
    const otherBundle = path.join(dir, "other-server.js");
    await writeFile(otherBundle, "console.log('a patched bundle');\n");
    const patched = await createTestApp(
      database.connection.db,
      { ...TEST_ENV, WEB_URL: "https://evil.example" },
      {
        entryFile: otherBundle,
        referenceValuesFile: path.join(dir, "reference-values.json"),
      },
    );
    try {
      const { evidence } = await evidenceFrom(patched);
      const evaluation = await evaluateEvidence(evidence.attestation, {
        referenceValues: await servedReferenceValues(patched),
        now: new Date(),
      });
      expect(evaluation.status.components).toEqual({
        [HARDWARE_COMPONENT]: false,
        [CONTAINER_BUNDLE]: false,
        [CONTAINER_CONFIG]: false,
      });
      expect(evaluation.status.status).toBe("GenericFailure");
    } finally {
      await patched.destroy();
    }
  });

  it("serves no reference values, and so verifies nothing, when it does not run from a build", async () => {
    const fromSource = await createTestApp(database.connection.db, TEST_ENV);
    try {
      expect(await servedReferenceValues(fromSource)).toEqual({});
      const { evidence } = await evidenceFrom(fromSource);
      const evaluation = await evaluateEvidence(evidence.attestation, {
        referenceValues: {},
        now: new Date(),
      });
      expect(Object.values(evaluation.status.components).some(Boolean)).toBe(false);
    } finally {
      await fromSource.destroy();
    }
  });

  it("hands the real client an attestation outcome with that honest status", async () => {
    const referenceValues = await servedReferenceValues(built);
    const client = createTestTunnelClient(fetchFromApp(built.app), {
      verifyEvidence: bindingVerifier(referenceValues),
    });
    await client.ensureOpen();
    expect(client.getAttestationStatus()).toEqual({
      status: "GenericFailure",
      reason: NO_HARDWARE_ISOLATION_REASON,
      components: {
        [HARDWARE_COMPONENT]: false,
        [CONTAINER_BUNDLE]: true,
        [CONTAINER_CONFIG]: true,
      },
    });
  });
});

describe("measurements and reference values", () => {
  it("computes at build time (node:crypto) what the server computes at start (computeReferenceValue)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paraphe-api-refs-"));
    try {
      const bundleFile = path.join(dir, "server.js");
      await writeFile(bundleFile, "export {};\n".repeat(1000));
      const written = await writeReferenceValues({
        bundleFile,
        env: { NODE_ENV: "production", PUBLIC_API_URL: "https://api.example.com" },
      });
      expect(JSON.parse(await readFile(path.join(dir, "reference-values.json"), "utf8"))).toEqual(
        written,
      );
      const config = loadConfig(
        { NODE_ENV: "production", PUBLIC_API_URL: "https://api.example.com" },
        { requireProductionSecrets: false },
      );
      const identity = await createServerIdentity({ config, entryFile: bundleFile });
      expect(identity.measurements).toEqual(written);
      expect(identity.referenceValues).toEqual(written);
      expect(written[CONTAINER_BUNDLE]).toBe(
        await computeReferenceValue(await readFile(bundleFile)),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("measures the non-secret configuration only, in a canonical form", () => {
    const base = loadConfig({}, { cwd: "/a" });
    const text = canonicalConfiguration(base);
    expect(JSON.parse(text)).toEqual({
      format: "paraphe/api configuration v1",
      BLOB_STORAGE: "local",
      NODE_ENV: "development",
      PUBLIC_API_URL: "http://localhost:3000",
      SIGN_URL: "http://localhost:5174",
      TUNNEL_IDLE_TIMEOUT_SECONDS: "1800",
      TUNNEL_MAX_AGE_SECONDS: "43200",
      TUNNEL_SESSION_STORE: "memory",
      WEB_URL: "http://localhost:5173",
    });
    // Secrets and per-host settings do not change it; what the clients depend on does.
    const key = Buffer.alloc(32, 7).toString("base64");
    const elsewhere = loadConfig(
      {
        BLOB_MASTER_KEY: key,
        DATABASE_URL: "postgres://u:secret@db/x",
        API_PORT: "4000",
        DATA_DIR: "/var/x",
        LOG_LEVEL: "debug",
      },
      { cwd: "/b" },
    );
    expect(canonicalConfiguration(elsewhere)).toBe(text);
    expect(canonicalConfiguration(loadConfig({ WEB_URL: "https://other.example" }))).not.toBe(text);
    expect(canonicalConfiguration(loadConfig({ TUNNEL_MAX_AGE_SECONDS: "60" }))).not.toBe(text);
  });

  it("refuses to start on a malformed reference-values file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paraphe-api-refs-"));
    try {
      const bundleFile = path.join(dir, "server.js");
      await writeFile(bundleFile, "x");
      await writeFile(
        path.join(dir, "reference-values.json"),
        JSON.stringify({ container_bundle: "not hex" }),
      );
      await expect(
        createServerIdentity({ config: loadConfig({}), entryFile: bundleFile }),
      ).rejects.toThrow(/malformed/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
