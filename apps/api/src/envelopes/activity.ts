import { type ActivityEvent, USER_AGENT_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import {
  chainEvent,
  hashLink,
  verifyChain,
  verifyChainWith,
  type AuditEvent,
  type ChainedEvent,
} from "../documents/audit-chain";
import type { Logger } from "../logger";
import { webhookEventsOfActivity } from "../webhooks/webhook-events";
import { recordWebhookEvent } from "../webhooks/webhook-outbox";
import { requireEnvelopeRow } from "./envelope-store";

/**
 * Appends an event to an envelope's activity log, chained on the hash of the previous event
 * (HMAC-SHA-256 under `activityKey`, `deriveActivityKey`).
 * Call it inside the transaction of the change the event records: it locks the envelope row
 * (SELECT ... FOR UPDATE), so concurrent appends to one envelope queue up and the chain stays
 * linear. The envelope keeps the newest hash (`activity_head`) to detect dropped events.
 * The team's webhook deliveries of the event are written in the same transaction (outbox).
 */
export async function appendEvent(
  trx: Kysely<Database>,
  activityKey: Buffer,
  envelopeId: string,
  event: AuditEvent,
): Promise<ChainedEvent> {
  const envelope = await requireEnvelopeRow(trx, envelopeId);
  const last = await trx
    .selectFrom("activityEvent")
    .select(["seq", "hash"])
    .where("envelopeId", "=", envelopeId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  const previousHash = last?.hash ?? null;
  if (previousHash !== envelope.activityHead) {
    throw new Error(`the activity log of envelope ${envelopeId} does not end at its head hash`);
  }
  const chained = chainEvent(activityKey, previousHash, event);
  await trx
    .insertInto("activityEvent")
    .values({
      envelopeId,
      seq: (last?.seq ?? 0) + 1,
      type: chained.event.type,
      data: JSON.stringify(chained.event),
      hash: chained.hash,
      previousHash,
    })
    .execute();
  await trx
    .updateTable("envelope")
    .set({ activityHead: chained.hash })
    .where("id", "=", envelopeId)
    .execute();
  for (const webhookEvent of webhookEventsOfActivity(envelope, chained.event)) {
    await recordWebhookEvent(trx, webhookEvent);
  }
  return chained;
}

/** An envelope's activity log, and how its chain was checked. */
export interface LoadedActivity {
  entries: ChainedEvent[];
  /** Whether every link verifies under the activity key and the chain ends at the envelope's head. */
  chainValid: boolean;
  head: string | null;
  /**
   * When the oldest events, recorded before chains were keyed (bare SHA-256), were checked and
   * re-keyed; null when every event was keyed as it was recorded.
   */
  rekeyedAt: Date | null;
}

/** The activity log of an envelope, oldest first, and whether its keyed chain checks out. */
export async function loadActivity(
  { db }: { db: Kysely<Database> },
  activityKey: Buffer,
  envelopeId: string,
): Promise<LoadedActivity> {
  const envelope = await db
    .selectFrom("envelope")
    .select("activityHead")
    .where("id", "=", envelopeId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("activityEvent")
    .select(["data", "hash", "rekeyedAt"])
    .where("envelopeId", "=", envelopeId)
    .orderBy("seq")
    .execute();
  const entries = rows.map((row) => ({ event: row.data as AuditEvent, hash: row.hash }));
  const verification = verifyChain(activityKey, entries, { expectedHead: envelope.activityHead });
  const rekeyed = rows.flatMap((row) => (row.rekeyedAt === null ? [] : [row.rekeyedAt]));
  return {
    entries,
    chainValid: verification.ok,
    head: envelope.activityHead,
    rekeyedAt: rekeyed.length === 0 ? null : new Date(Math.max(...rekeyed.map(Number))),
  };
}

/**
 * Re-keys the chains recorded before chains were keyed (`activity_event.keyed` false): each one
 * whose bare SHA-256 chain still checks out against its envelope's head is recomputed with
 * HMAC-SHA-256 under `activityKey`, its events marked with the time of re-keying (the proof says
 * so). A chain that does not check out is left as it is, so it keeps failing verification. Run at
 * start, after the migrations. Returns how many envelopes were re-keyed.
 */
export async function rekeyLegacyChains(
  db: Kysely<Database>,
  activityKey: Buffer,
  logger: Logger,
  now: Date = new Date(),
): Promise<number> {
  const pending = await db
    .selectFrom("activityEvent")
    .select("envelopeId")
    .distinct()
    .where("keyed", "=", false)
    .execute();
  let rekeyed = 0;
  for (const { envelopeId } of pending) {
    const done = await db.transaction().execute(async (trx) => {
      const envelope = await requireEnvelopeRow(trx, envelopeId);
      const rows = await trx
        .selectFrom("activityEvent")
        .select(["seq", "data", "hash", "keyed"])
        .where("envelopeId", "=", envelopeId)
        .orderBy("seq")
        .execute();
      const entries = rows.map((row) => ({ event: row.data as AuditEvent, hash: row.hash }));
      const legacy = verifyChainWith({ kind: "legacy-sha256" }, entries, {
        expectedHead: envelope.activityHead,
      });
      if (!legacy.ok || rows.some((row) => row.keyed)) return false;
      let previousHash: string | null = null;
      for (const [index, row] of rows.entries()) {
        const hash = hashLink(
          { kind: "keyed", key: activityKey },
          previousHash,
          entries[index]!.event,
        );
        await trx
          .updateTable("activityEvent")
          .set({ hash, previousHash, keyed: true, rekeyedAt: now })
          .where("envelopeId", "=", envelopeId)
          .where("seq", "=", row.seq)
          .execute();
        previousHash = hash;
      }
      await trx
        .updateTable("envelope")
        .set({ activityHead: previousHash })
        .where("id", "=", envelopeId)
        .execute();
      return true;
    });
    if (done) rekeyed += 1;
    else
      logger.error(
        { envelopeId },
        "activity chain recorded before keying does not check out; left as it is",
      );
  }
  if (rekeyed > 0) logger.info({ envelopes: rekeyed }, "activity chains re-keyed");
  return rekeyed;
}

/** An audit event as the activity call answers it (spec §3 activity log event). */
export function toActivityEvent(event: AuditEvent): ActivityEvent {
  const recipients =
    event.type === "envelopeSent" ||
    event.type === "envelopeCanceled" ||
    event.type === "stepStarted"
      ? event.data.recipients
      : [];
  const reason =
    event.type === "envelopeDeclined" ||
    event.type === "envelopeCanceled" ||
    event.type === "approvalRejected" ||
    event.type === "signerDelegated"
      ? event.data.reason
      : null;
  return {
    type: event.type,
    at: new Date(event.at).toISOString(),
    actor: event.actor,
    recipients: recipients.map((person) => ({ name: person.name, email: person.email })),
    reason,
    ipAddress: event.ip,
    // Events recorded before the cap (user agents up to 1,000 characters) are cut on the way out.
    userAgent: event.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    ...(event.type === "envelopeCreated" && event.data.fromTemplate !== undefined
      ? { fromTemplate: event.data.fromTemplate }
      : {}),
    ...(event.type === "envelopeSent" && event.data.copied !== undefined
      ? { copied: event.data.copied.map((person) => ({ name: person.name, email: person.email })) }
      : {}),
    ...(event.type === "envelopeCreated" && event.data.viaDirectLink === true
      ? { viaDirectLink: true as const }
      : {}),
    ...(event.type === "envelopeCreated" && event.data.viaApiKey !== undefined
      ? { viaApiKey: event.data.viaApiKey }
      : {}),
    ...(event.type === "stepStarted" || event.type === "stepEnded"
      ? { step: { number: event.data.step, of: event.data.steps } }
      : {}),
    ...(event.type === "signerDelegated"
      ? { delegatedTo: { name: event.data.to.name, email: event.data.to.email } }
      : {}),
    ...(event.type === "documentSigned" && event.data.attachments !== undefined
      ? { attachments: event.data.attachments.map((file) => ({ ...file })) }
      : {}),
  };
}
