import { createHash } from "node:crypto";
import { z } from "zod";

/** The name of the JSON file embedded in every audit-log proof (an associated file of the PDF). */
export const PROOF_RECORD_FILENAME = "paraphe-proof.json";
/** The format of that file; a verifier refuses any other. */
export const PROOF_RECORD_FORMAT = "paraphe-proof/1";
/**
 * The signature field of the seal Paraphe puts on an audit-log proof, and on nothing else (a sealed
 * document's seal is named "Paraphe"). The field's name and its {@link PROOF_SEAL_REASON} are in
 * the signature dictionary, inside the bytes the seal signs: together they say that Paraphe itself
 * sealed this file as a proof, which an uploaded document Paraphe sealed can never say.
 */
export const PROOF_SEAL_FIELD_NAME = "Paraphe audit-log proof";
/** The `/Reason` of the seal of an audit-log proof (see {@link PROOF_SEAL_FIELD_NAME}). */
export const PROOF_SEAL_REASON = "Audit-log proof of the signature, sealed by Paraphe";
/**
 * The field names a proof's seal may carry: {@link PROOF_SEAL_FIELD_NAME}, and "Paraphe" for the
 * proofs sealed before it existed (their reason was already {@link PROOF_SEAL_REASON}, which no
 * document's seal carries).
 */
export const PROOF_SEAL_FIELD_NAMES: readonly string[] = [PROOF_SEAL_FIELD_NAME, "Paraphe"];

/** The hash of the record's public chain: SHA-256 over canonical JSON, see {@link publicChainHash}. */
export const PROOF_CHAIN_ALGORITHM = "sha-256/canonical-json";

/** Most events a proof records (an envelope opened very often still fits). */
export const PROOF_MAX_EVENTS = 100_000;
/** Most documents an envelope's proof lists. */
export const PROOF_MAX_DOCUMENTS = 100;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * One event of the activity log as the proof records it. Its fields are the api's audit event
 * (`type`, `at`, `actor`, `ip`, `userAgent`, `data`); the verifier only needs `type` and `at` and
 * hashes the whole object as it is.
 */
export const proofEventSchema = z.looseObject({
  type: z.string().min(1).max(64),
  at: z.iso.datetime(),
});

/**
 * The machine-readable part of an audit-log proof, embedded in the proof PDF as
 * {@link PROOF_RECORD_FILENAME}: the envelope, the SHA-256 of each original and sealed document,
 * and the activity log as a public hash chain. Each entry's `hash` is SHA-256 of the canonical
 * JSON of `{ previousHash, event }` ({@link publicChainHash}), so anyone can check, without the
 * platform's keys, that no event was changed, removed or reordered after the proof was made; the
 * proof's PAdES seal is what stops someone from rewriting the whole chain. (The platform also
 * keeps its own chain, keyed with HMAC-SHA-256, which only the platform can check.)
 */
export const proofRecordSchema = z.strictObject({
  format: z.literal(PROOF_RECORD_FORMAT),
  envelopeId: z.string().min(1).max(100),
  title: z.string().max(500),
  generatedAt: z.iso.datetime(),
  documents: z
    .array(z.strictObject({ originalSha256: sha256Hex, sealedSha256: sha256Hex }))
    .min(1)
    .max(PROOF_MAX_DOCUMENTS),
  chain: z.strictObject({
    algorithm: z.literal(PROOF_CHAIN_ALGORITHM),
    entries: z
      .array(
        z.strictObject({
          previousHash: sha256Hex.nullable(),
          hash: sha256Hex,
          event: proofEventSchema,
        }),
      )
      .max(PROOF_MAX_EVENTS),
    head: sha256Hex.nullable(),
  }),
});
export type ProofRecord = z.infer<typeof proofRecordSchema>;
export type ProofEvent = z.infer<typeof proofEventSchema>;

export interface ProofRecordInput {
  envelopeId: string;
  title: string;
  generatedAt: Date;
  documents: readonly { originalSha256: string; sealedSha256: string }[];
  /** The activity log, oldest first. */
  events: readonly ProofEvent[];
}

/**
 * JSON with object keys sorted at every level and no whitespace: one text per value. Properties
 * whose value is undefined are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") {
    return JSON.stringify(value);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("canonical JSON has no NaN or Infinity");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  throw new TypeError(`canonical JSON cannot encode a ${typeof value}`);
}

/** SHA-256 (lowercase hex) of the canonical JSON of `{ previousHash, event }`: one link of the public chain. */
export function publicChainHash(previousHash: string | null, event: ProofEvent): string {
  return createHash("sha256").update(canonicalJson({ previousHash, event })).digest("hex");
}

/** Builds the proof's record: the documents' hashes and the events chained with {@link publicChainHash}. */
export function buildProofRecord(input: ProofRecordInput): ProofRecord {
  let previousHash: string | null = null;
  const entries: ProofRecord["chain"]["entries"] = [];
  for (const event of input.events) {
    const hash = publicChainHash(previousHash, event);
    entries.push({ previousHash, hash, event });
    previousHash = hash;
  }
  return proofRecordSchema.parse({
    format: PROOF_RECORD_FORMAT,
    envelopeId: input.envelopeId,
    title: input.title,
    generatedAt: input.generatedAt.toISOString(),
    documents: input.documents.map(({ originalSha256, sealedSha256 }) => ({
      originalSha256,
      sealedSha256,
    })),
    chain: { algorithm: PROOF_CHAIN_ALGORITHM, entries, head: previousHash },
  });
}

/** The record as the bytes embedded in the proof: canonical JSON, UTF-8. */
export function encodeProofRecord(record: ProofRecord): Uint8Array {
  return new TextEncoder().encode(canonicalJson(record));
}

export type ProofChainCheck =
  | { ok: true; events: number }
  | {
      ok: false;
      /** Index of the first entry that does not check out; `entries.length` for the head. */
      brokenAt: number;
      reason: "previous-hash" | "hash" | "head" | "completed-hash";
    };

/**
 * Checks the record's chain: each entry names the hash of the one before (null for the first),
 * its hash is {@link publicChainHash} of its event, the head is the last hash, and the
 * envelopeCompleted event, when it records the sealed file's hash, names the first document's.
 * Linear in the record's size.
 */
export function checkProofChain(record: ProofRecord): ProofChainCheck {
  let previousHash: string | null = null;
  const { entries } = record.chain;
  for (const [index, entry] of entries.entries()) {
    if (entry.previousHash !== previousHash) {
      return { ok: false, brokenAt: index, reason: "previous-hash" };
    }
    if (publicChainHash(previousHash, entry.event) !== entry.hash) {
      return { ok: false, brokenAt: index, reason: "hash" };
    }
    previousHash = entry.hash;
  }
  if (record.chain.head !== previousHash) {
    return { ok: false, brokenAt: entries.length, reason: "head" };
  }
  for (const [index, { event }] of entries.entries()) {
    if (event.type !== "envelopeCompleted") continue;
    const data = event["data"] as { sealedSha256?: unknown } | undefined;
    const recorded = data?.sealedSha256;
    if (recorded !== undefined && recorded !== record.documents[0]?.sealedSha256) {
      return { ok: false, brokenAt: index, reason: "completed-hash" };
    }
  }
  return { ok: true, events: entries.length };
}
