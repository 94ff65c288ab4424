import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { canonicalJson } from "@paraphe/api-sdk/verify";
import { z } from "zod";

const KEY_LABEL = "paraphe/api activity chain v2";

/**
 * The key that chains activity events (HMAC-SHA-256), from the 32-byte master key. Without it, a
 * rewritten event cannot be given a hash that verifies, even by someone who can write the
 * database.
 */
export function deriveActivityKey(masterKey: Uint8Array): Buffer {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(0), KEY_LABEL, 32));
}

/** A person in the log: the actor of an event or a recipient it concerns. */
export const auditPersonSchema = z.strictObject({
  name: z.string().max(200),
  email: z.string().max(320),
});

const reason = z.string().trim().min(1).max(500);

/** What every event records besides its own data: when, who, and from where. */
const common = {
  /** ISO 8601 instant, UTC ("2026-11-22T19:40:00.000Z"). */
  at: z.iso.datetime(),
  /** Who caused the event; null for the platform itself (completion, sealing). */
  actor: auditPersonSchema.nullable(),
  ip: z.string().max(64).nullable(),
  userAgent: z.string().max(1000).nullable(),
};

/**
 * The activity log's events (spec 3: envelopeCreated, envelopeSent, envelopeOpened,
 * documentSigned, envelopeCompleted, envelopeDeclined, envelopeCanceled; documentApproved and
 * approvalRejected for approvers; documentViewed when a viewer read every page; signerDelegated when
 * a signer handed their turn to someone else; signerVerified when a signer passes a required check; stepStarted and stepEnded as the signing steps run, recorded by
 * the platform), a discriminated union
 * by `type` tying each type to its data. Strict: unknown fields are refused, so the hashed form is
 * exactly what was validated.
 */
/** A signer's certificate as the chain names it. */
const signatureCertificateSchema = z.strictObject({
  subject: z.string().max(2000),
  issuer: z.string().max(2000),
  serialNumber: z.string().regex(/^[0-9a-f]{1,64}$/),
  fingerprintSha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const auditEventSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("envelopeCreated"),
    ...common,
    data: z.strictObject({
      title: z.string().max(500),
      /** The template the envelope was created from (`/template/create-envelope`). */
      fromTemplate: z.strictObject({ uuid: z.uuid(), title: z.string().max(500) }).optional(),
      /** The team API key that created it, in the name of the key's creator. */
      viaApiKey: z.strictObject({ uuid: z.uuid(), description: z.string().max(128) }).optional(),
      /** Made for a visitor of the template's direct link (`/direct-link/confirm`). */
      viaDirectLink: z.literal(true).optional(),
    }),
  }),
  z.strictObject({
    type: z.literal("envelopeSent"),
    ...common,
    data: z.strictObject({
      recipients: z.array(auditPersonSchema).min(1),
      /** The recipients in copy: they act on nothing and receive the result on completion. */
      copied: z.array(auditPersonSchema).min(1).optional(),
    }),
  }),
  z.strictObject({
    type: z.literal("envelopeOpened"),
    ...common,
    data: z.strictObject({}),
  }),
  z.strictObject({
    type: z.literal("documentSigned"),
    ...common,
    data: z.strictObject({
      documentSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      /** The files the signer attached (attachment fields), each added to the chain as signed. */
      attachments: z
        .array(
          z.strictObject({
            name: z.string().max(255),
            size: z.number().int().min(0),
            sha256: z.string().regex(/^[0-9a-f]{64}$/),
          }),
        )
        .max(100)
        .optional(),
      /**
       * The signer's own PAdES signature: at the advanced level (AES) the check they passed and
       * the certificate the signer authority issued them for it; at the qualified level (QES) the
       * qualified certificate of theirs the provider signed with.
       */
      signature: z
        .discriminatedUnion("level", [
          z.strictObject({
            level: z.literal("AES"),
            check: z.enum(["email_code", "sms_code", "account"]),
            certificate: signatureCertificateSchema,
          }),
          z.strictObject({
            level: z.literal("QES"),
            certificate: signatureCertificateSchema,
          }),
        ])
        .optional(),
    }),
  }),
  z.strictObject({
    type: z.literal("documentApproved"),
    ...common,
    data: z.strictObject({
      documentSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
    }),
  }),
  z.strictObject({
    /** A viewer read every page and marked the document read. */
    type: z.literal("documentViewed"),
    ...common,
    data: z.strictObject({
      documentSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
    }),
  }),
  z.strictObject({
    /** The signer (the actor) handed their turn to `to`, for `reason`. */
    type: z.literal("signerDelegated"),
    ...common,
    data: z.strictObject({ to: auditPersonSchema, reason }),
  }),
  z.strictObject({
    type: z.literal("approvalRejected"),
    ...common,
    data: z.strictObject({ reason }),
  }),
  z.strictObject({
    /**
     * The signer passed the check their signature required: the code mailed to their address
     * (`email_code`), sent by SMS to their phone (`sms_code`), or signing in to the Paraphe
     * account of their email (`account`), with a code mailed to that account or one of its
     * passkeys (`factor`).
     */
    type: z.literal("signerVerified"),
    ...common,
    data: z.strictObject({
      method: z.enum(["email_code", "sms_code", "account"]),
      factor: z.enum(["email_code", "passkey"]).optional(),
    }),
  }),
  z.strictObject({
    type: z.literal("stepStarted"),
    ...common,
    data: z.strictObject({
      /** The step (from 1) and how many the envelope has. */
      step: z.number().int().min(1),
      steps: z.number().int().min(1),
      /** Who acts in it (invited as it starts). */
      recipients: z.array(auditPersonSchema).min(1),
    }),
  }),
  z.strictObject({
    type: z.literal("stepEnded"),
    ...common,
    data: z.strictObject({
      step: z.number().int().min(1),
      steps: z.number().int().min(1),
    }),
  }),
  z.strictObject({
    type: z.literal("envelopeCompleted"),
    ...common,
    data: z.strictObject({
      sealedSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      /** The PAdES level of the seals: B-B, or B-LTA with a timestamp authority. */
      sealLevel: z.enum(["B-B", "B-T", "B-LTA"]).optional(),
      /** What the seals could not do (revocation data unavailable...), code and message. */
      sealNotes: z.array(z.string().max(300)).max(20).optional(),
    }),
  }),
  z.strictObject({
    type: z.literal("envelopeDeclined"),
    ...common,
    data: z.strictObject({ reason }),
  }),
  z.strictObject({
    type: z.literal("envelopeCanceled"),
    ...common,
    data: z.strictObject({ reason, recipients: z.array(auditPersonSchema) }),
  }),
]);
export type AuditEvent = z.infer<typeof auditEventSchema>;
export type AuditEventType = AuditEvent["type"];
/** What a signer's passed check records (`signerVerified`). */
export type SignerVerifiedData = Extract<AuditEvent, { type: "signerVerified" }>["data"];

/** One link of the chain: the event and the hash binding it to everything before it. */
export interface ChainedEvent {
  event: AuditEvent;
  /** HMAC-SHA-256 under the activity key (lowercase hex) of the canonical JSON of `{ previousHash, event }`. */
  hash: string;
}

export type ChainVerification = { ok: true } | { ok: false; brokenAt: number };

/** How a link's hash is computed: keyed (HMAC-SHA-256 under the activity key), or the legacy bare SHA-256. */
export type ChainHash = { kind: "keyed"; key: Buffer } | { kind: "legacy-sha256" };

/**
 * Validates an event and links it to the previous entry's hash (null for the first event).
 * The hash is HMAC-SHA-256 under `activityKey` of the canonical JSON (keys sorted, no spaces) of
 * `{ previousHash, event }`, so a change to any field of any past event, a removed event or a
 * reordering breaks every later hash, and nobody without the key can compute a replacement.
 */
export function chainEvent(
  activityKey: Buffer,
  previousHash: string | null,
  event: AuditEvent,
): ChainedEvent {
  const parsed = auditEventSchema.parse(event);
  return {
    event: parsed,
    hash: hashLink({ kind: "keyed", key: activityKey }, previousHash, parsed),
  };
}

/**
 * Checks a whole chain, first event first. Returns the index of the first entry whose event is
 * invalid or whose hash does not match. Dropping the newest events leaves a valid shorter chain:
 * pass the head hash stored elsewhere (on the envelope, in the proof) as `expectedHead` to detect
 * that too; a mismatch is reported at index `entries.length`.
 */
export function verifyChain(
  activityKey: Buffer,
  entries: readonly ChainedEvent[],
  options: { expectedHead?: string | null } = {},
): ChainVerification {
  return verifyChainWith({ kind: "keyed", key: activityKey }, entries, options);
}

/**
 * {@link verifyChain} with a chosen hash: `legacy-sha256` checks a chain recorded before chains
 * were keyed (bare SHA-256), only to re-key it (`rekeyLegacyChains`); it proves nothing against
 * someone who could write the database.
 */
export function verifyChainWith(
  hash: ChainHash,
  entries: readonly ChainedEvent[],
  options: { expectedHead?: string | null } = {},
): ChainVerification {
  let previousHash: string | null = null;
  for (const [index, entry] of entries.entries()) {
    const parsed = auditEventSchema.safeParse(entry.event);
    if (!parsed.success) return { ok: false, brokenAt: index };
    if (!sameHash(hashLink(hash, previousHash, parsed.data), entry.hash)) {
      return { ok: false, brokenAt: index };
    }
    // A strict parse keeps every field: hash what was stored, not a cleaned copy.
    if (canonicalJson(parsed.data) !== canonicalJson(entry.event)) {
      return { ok: false, brokenAt: index };
    }
    previousHash = entry.hash;
  }
  if (options.expectedHead !== undefined && options.expectedHead !== previousHash) {
    return { ok: false, brokenAt: entries.length };
  }
  return { ok: true };
}

/** The hash of one link under `hash`. */
export function hashLink(hash: ChainHash, previousHash: string | null, event: AuditEvent): string {
  const text = canonicalJson({ previousHash, event });
  return hash.kind === "keyed"
    ? createHmac("sha256", hash.key).update(text).digest("hex")
    : createHash("sha256").update(text).digest("hex");
}

function sameHash(computed: string, stored: string): boolean {
  const a = Buffer.from(computed, "utf8");
  const b = Buffer.from(stored, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Canonical JSON (keys sorted, no whitespace): the one implementation, shared with the proof's public chain. */
export { canonicalJson };
