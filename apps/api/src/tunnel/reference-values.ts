/*
 * Measurements of the api's software components and the reference values the build produces for
 * them. This module is also loaded by `tsup.config.ts` at build time, so it imports nothing but
 * Node built-ins and the configuration module (no workspace package: those are read from source
 * in the repository, which the build's config loader does not do).
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig, type Config } from "../config";

/** Component names (spec §3, the attestation package's KNOWN_ATTESTATION_COMPONENTS). */
export const CONTAINER_BUNDLE = "container_bundle";
export const CONTAINER_CONFIG = "container_config";

/** The file the build writes next to `dist/server.js`. */
export const REFERENCE_VALUES_FILE = "reference-values.json";

/** The part of the configuration that is measured: what changes how the api treats its clients. */
export type MeasuredConfig = Pick<
  Config,
  | "nodeEnv"
  | "publicApiUrl"
  | "webUrl"
  | "signUrl"
  | "blobStorage"
  | "tunnelSessionStore"
  | "tunnelIdleTimeoutSeconds"
  | "tunnelMaxAgeSeconds"
>;

/**
 * The canonical text of the measured configuration: a JSON object with sorted keys. Secrets
 * (master key, connection strings with passwords) are never part of it, nor what differs from one
 * host or replica to another (listening address, port, directories, log level).
 */
export function canonicalConfiguration(config: MeasuredConfig): string {
  const fields: Record<string, string> = {
    format: "paraphe/api configuration v1",
    NODE_ENV: config.nodeEnv,
    PUBLIC_API_URL: config.publicApiUrl,
    WEB_URL: config.webUrl,
    SIGN_URL: config.signUrl,
    BLOB_STORAGE: config.blobStorage,
    TUNNEL_SESSION_STORE: config.tunnelSessionStore,
    TUNNEL_IDLE_TIMEOUT_SECONDS: String(config.tunnelIdleTimeoutSeconds),
    TUNNEL_MAX_AGE_SECONDS: String(config.tunnelMaxAgeSeconds),
  };
  return JSON.stringify(
    Object.fromEntries(
      Object.keys(fields)
        .sort()
        .map((key) => [key, fields[key]]),
    ),
  );
}

function sha256Hex(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Code the bundle runs beside it, measured with it: the document worker (sealing, previews). */
export const BUNDLE_COMPANIONS = ["document-worker.js"] as const;

/**
 * The measurement of the container bundle: the SHA-256 of the entry file alone when it runs alone,
 * otherwise of each file's name, a zero byte, its length and its bytes, entry first, then the
 * companions found beside it (a worker that seals documents is part of what is attested).
 */
export async function measureBundle(entryFile: string): Promise<string> {
  const entry = await readFile(entryFile);
  const parts: Buffer[] = [];
  for (const name of BUNDLE_COMPANIONS) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(path.dirname(entryFile), name));
    } catch {
      continue;
    }
    parts.push(Buffer.from(`${name}\0${bytes.length}\0`, "utf8"), bytes);
  }
  if (parts.length === 0) return sha256Hex(entry);
  const head = Buffer.from(`${path.basename(entryFile)}\0${entry.length}\0`, "utf8");
  return sha256Hex(Buffer.concat([head, entry, ...parts]));
}

const COMPONENT = /^[a-z0-9_]{1,64}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Parses a reference-values file: component name to lowercase SHA-256 hex. Throws when malformed. */
export function parseReferenceValues(text: string): Record<string, string> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error("reference values must be a JSON object");
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!COMPONENT.test(name) || typeof value !== "string" || !SHA256_HEX.test(value)) {
      throw new Error(`invalid reference value for ${JSON.stringify(name)}`);
    }
    values[name] = value;
  }
  return values;
}

export interface BuildReferenceValuesOptions {
  /** The bundle the build produced (`dist/server.js`). */
  bundleFile: string;
  /** The environment the deployment will run with; only its measured, non-secret part is used. */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Computes the reference values of a build and writes them next to the bundle, in
 * `reference-values.json`: `container_bundle` measures the bundle file and its worker
 * ({@link measureBundle}), `container_config`
 * the SHA-256 of the canonical configuration read from `env` (the secrets production requires are
 * not needed for it). Resolves to the values written.
 */
export async function writeReferenceValues(
  options: BuildReferenceValuesOptions,
): Promise<Record<string, string>> {
  const config = loadConfig(options.env, { requireProductionSecrets: false });
  const values = {
    [CONTAINER_BUNDLE]: await measureBundle(options.bundleFile),
    [CONTAINER_CONFIG]: sha256Hex(canonicalConfiguration(config)),
  };
  await writeFile(
    path.join(path.dirname(options.bundleFile), REFERENCE_VALUES_FILE),
    `${JSON.stringify(values, null, 2)}\n`,
  );
  return values;
}
