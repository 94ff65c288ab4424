import { type ActivityEvent, USER_AGENT_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import {
  chainEvent,
  verifyChain,
  type AuditEvent,
  type ChainedEvent,
} from "../documents/audit-chain";

/** The envelope row locked for the rest of the transaction: serialises changes to one envelope. */
export async function lockEnvelope(trx: Kysely<Database>, envelopeId: string): Promise<void> {
  await trx
    .selectFrom("envelope")
    .select("id")
    .where("id", "=", envelopeId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Appends an event to an envelope's activity log, chained on the hash of the previous event.
 * Call it inside the transaction of the change the event records: it locks the envelope row
 * (SELECT ... FOR UPDATE), so concurrent appends to one envelope queue up and the chain stays
 * linear. The envelope keeps the newest hash (`activity_head`) to detect dropped events.
 */
export async function appendEvent(
  trx: Kysely<Database>,
  envelopeId: string,
  event: AuditEvent,
): Promise<ChainedEvent> {
  const envelope = await trx
    .selectFrom("envelope")
    .select("activityHead")
    .where("id", "=", envelopeId)
    .forUpdate()
    .executeTakeFirstOrThrow();
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
  const chained = chainEvent(previousHash, event);
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
  return chained;
}

/** The activity log of an envelope, oldest first, and whether its chain checks out. */
export async function loadActivity(
  db: Kysely<Database>,
  envelopeId: string,
): Promise<{ entries: ChainedEvent[]; chainValid: boolean; head: string | null }> {
  const envelope = await db
    .selectFrom("envelope")
    .select("activityHead")
    .where("id", "=", envelopeId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("activityEvent")
    .select(["data", "hash"])
    .where("envelopeId", "=", envelopeId)
    .orderBy("seq")
    .execute();
  const entries = rows.map((row) => ({ event: row.data as AuditEvent, hash: row.hash }));
  const verification = verifyChain(entries, { expectedHead: envelope.activityHead });
  return { entries, chainValid: verification.ok, head: envelope.activityHead };
}

/** An audit event as the activity call answers it (spec §3 activity log event). */
export function toActivityEvent(event: AuditEvent): ActivityEvent {
  const recipients =
    event.type === "envelopeSent" || event.type === "envelopeCanceled" ? event.data.recipients : [];
  const reason =
    event.type === "envelopeDeclined" || event.type === "envelopeCanceled"
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
  };
}
