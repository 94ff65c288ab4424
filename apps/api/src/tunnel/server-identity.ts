import { readFile } from "node:fs/promises";
import path from "node:path";
import { computeReferenceValue, type AttestationEvidence } from "@paraphe/attestation";
import { createHpkeSuite, toBase64Url, type TunnelEvidence } from "@paraphe/tunnel-client/protocol";
import type { Config } from "../config";
import {
  canonicalConfiguration,
  CONTAINER_BUNDLE,
  measureBundle,
  CONTAINER_CONFIG,
  parseReferenceValues,
  REFERENCE_VALUES_FILE,
} from "./reference-values";

export type HpkeSuite = ReturnType<typeof createHpkeSuite>;
export type HpkeKeyPair = Awaited<ReturnType<HpkeSuite["kem"]["generateKeyPair"]>>;

/**
 * The evidence of step 1 of the handshake. The tunnel reads `hpkePublicKey` and `clientNonce`
 * (base64url); `attestation` is the attestation package's `AttestationEvidence` (base64), bound to
 * the same key and nonce, for the app's `verifyEvidence` to hand to `evaluateEvidence`.
 */
export interface ServerEvidence extends TunnelEvidence {
  attestation: AttestationEvidence;
}

/** What this process says about itself: its HPKE key pair, its measurements and the build's reference values. */
export interface ServerIdentity {
  suite: HpkeSuite;
  /** Generated at start, per process; never stored. */
  keyPair: HpkeKeyPair;
  /** The raw 32-byte X25519 public key. */
  publicKey: Uint8Array;
  /** Software component name to the SHA-256 (hex) of what this process runs. */
  measurements: Readonly<Record<string, string>>;
  /** The reference values the build produced (empty when the process does not run from a build). */
  referenceValues: Readonly<Record<string, string>>;
  /** Where the reference values were read from, or undefined when there are none. */
  referenceValuesFile: string | undefined;
  /** The step-1 evidence for a client nonce. */
  evidence(clientNonce: Uint8Array): ServerEvidence;
}

export interface CreateServerIdentityOptions {
  config: Config;
  /**
   * The file this process runs from: `dist/server.js` when built, `src/server.ts` in development.
   * Its SHA-256 is the `container_bundle` measurement. Without it, the component is not measured.
   */
  entryFile?: string;
  /** The build's reference values; by default `reference-values.json` beside `entryFile`. */
  referenceValuesFile?: string;
}

/**
 * The plain words of a server without a trusted execution environment, after the attestation
 * package's "no hardware isolation: " (which gives NO_HARDWARE_ISOLATION_REASON in development).
 */
function noIsolationDetail(config: Pick<Config, "nodeEnv">): string {
  return config.nodeEnv === "production"
    ? "server without a trusted execution environment"
    : "development server";
}

/**
 * Builds this process's identity at start: a fresh X25519 key pair, the measurements of its
 * software components (`container_bundle`: the file it runs; `container_config`: the canonical
 * non-secret configuration) and the build's reference values. This machine has no TEE, so the
 * evidence says `platform: "none"` with a plain reason, and never claims the hardware component.
 */
export async function createServerIdentity(
  options: CreateServerIdentityOptions,
): Promise<ServerIdentity> {
  const suite = createHpkeSuite();
  const keyPair = await suite.kem.generateKeyPair();
  const publicKey = new Uint8Array(await suite.kem.serializePublicKey(keyPair.publicKey));

  const measurements: Record<string, string> = {
    [CONTAINER_CONFIG]: await computeReferenceValue(
      new TextEncoder().encode(canonicalConfiguration(options.config)),
    ),
  };
  if (options.entryFile !== undefined) {
    measurements[CONTAINER_BUNDLE] = await measureBundle(options.entryFile);
  }

  const referenceValuesFile =
    options.referenceValuesFile ??
    (options.entryFile === undefined
      ? undefined
      : path.join(path.dirname(options.entryFile), REFERENCE_VALUES_FILE));
  let referenceValues: Record<string, string> = {};
  let readFrom: string | undefined;
  if (referenceValuesFile !== undefined) {
    let text: string | undefined;
    try {
      text = await readFile(referenceValuesFile, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (text !== undefined) {
      try {
        referenceValues = parseReferenceValues(text);
      } catch (error) {
        throw new Error(
          `The reference values in ${referenceValuesFile} are malformed; rebuild the api`,
          { cause: error },
        );
      }
      readFrom = referenceValuesFile;
    }
  }

  const reason = noIsolationDetail(options.config);
  const publicKeyBase64 = Buffer.from(publicKey).toString("base64");
  const publicKeyBase64Url = toBase64Url(publicKey);
  return {
    suite,
    keyPair,
    publicKey,
    measurements,
    referenceValues,
    referenceValuesFile: readFrom,
    evidence(clientNonce) {
      return {
        hpkePublicKey: publicKeyBase64Url,
        clientNonce: toBase64Url(clientNonce),
        attestation: {
          platform: "none",
          reason,
          measurements: { ...measurements },
          hpkePublicKey: publicKeyBase64,
          nonce: Buffer.from(clientNonce).toString("base64"),
        },
      };
    },
  };
}
