import type {
  listWebhookDeliveriesRequestSchema,
  ListWebhookDeliveriesResponse,
  ReplayWebhookDeliveryResponse,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/database";
import { envelopeSubject } from "../envelopes/envelope-access";
import { type Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import { enqueueJob } from "../jobs/queue";
import { deliverWebhookJob } from "./job-definitions";
import { requireWebhookAdministrator } from "./webhook-access";
import type { WebhookDeps } from "./webhook-deps";
import { webhookAttemptKey } from "./webhook-outbox";
import {
  deliveryView,
  envelopeUuidOfDelivery,
  type ReadableEnvelope,
  requireTeamDelivery,
  requireTeamEndpoint,
} from "./webhook-store";

type ListInput = z.infer<typeof listWebhookDeliveriesRequestSchema>;

/** A page's position: the creation time and id of its last delivery. */
interface Cursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`, "utf8").toString(
    "base64url",
  );
}

function decodeCursor(text: string): Cursor {
  const [at, id] = Buffer.from(text, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (id === undefined || !UUID.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("VALIDATION_ERROR", {
      message: "The cursor is not valid.",
      suggestion: "Start again from the first page.",
      fields: [{ path: "cursor", code: "custom", message: "invalid" }],
    });
  }
  return { createdAt, id };
}

/**
 * The envelopes among `envelopeUuids` that `member` may read, with their current title and
 * workspace: of their team,
 * in a workspace they belong to, and read by their role on the envelope's own record (as opening it
 * checks). The others are left out, so that the log never names an envelope the caller may not see.
 */
export async function readableEnvelopes(
  db: Kysely<Database>,
  member: Member,
  envelopeUuids: readonly (string | null)[],
): Promise<Map<string, ReadableEnvelope>> {
  const ids = [...new Set(envelopeUuids.filter((id): id is string => id !== null))];
  if (ids.length === 0 || !member.ability.can("read", "Envelope")) return new Map();
  const rows = await db
    .selectFrom("envelope")
    .selectAll("envelope")
    .where("envelope.id", "in", ids)
    .where("envelope.kind", "=", "envelope")
    .where("envelope.teamId", "=", member.teamId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("workspaceMember")
          .select("workspaceMember.userId")
          .whereRef("workspaceMember.workspaceId", "=", "envelope.workspaceId")
          .where("workspaceMember.userId", "=", member.userId),
      ),
    )
    .execute();
  return new Map(
    rows
      .filter((row) => member.ability.can("read", envelopeSubject(row)))
      .map((row) => [row.id, { title: row.title, workspaceUuid: row.workspaceId }]),
  );
}

/**
 * `/webhook/deliveries`: the delivery log of one of the caller's team's endpoints, newest first,
 * `limit` per page; `nextCursor` continues after the last one (keyset: creation time, then id).
 */
export async function listWebhookDeliveries(
  deps: WebhookDeps,
  member: Member,
  input: ListInput,
): Promise<ListWebhookDeliveriesResponse> {
  requireWebhookAdministrator(member);
  await requireTeamEndpoint(deps.db, member.teamId, input.endpointUuid);
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  let query = deps.db
    .selectFrom("webhookDelivery")
    .selectAll()
    .where("endpointId", "=", input.endpointUuid);
  if (after !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb("createdAt", "<", after.createdAt),
        eb.and([eb("createdAt", "=", after.createdAt), eb("id", "<", after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const readable = await readableEnvelopes(deps.db, member, page.map(envelopeUuidOfDelivery));
  return {
    deliveries: page.map((row) => deliveryView(row, readable)),
    nextCursor:
      rows.length > input.limit && last !== undefined
        ? encodeCursor({ createdAt: last.createdAt, id: last.id })
        : null,
  };
}

/**
 * `/webhook/replay`: sends the delivery's event again to its endpoint, as a new delivery (same
 * event id and body, its own attempts and retries) that names the one it replays. The endpoint
 * must be enabled (CONFLICT otherwise).
 */
export async function replayWebhookDelivery(
  deps: WebhookDeps,
  member: Member,
  deliveryId: string,
): Promise<ReplayWebhookDeliveryResponse> {
  requireWebhookAdministrator(member);
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const { delivery } = await requireTeamDelivery(trx, member.teamId, deliveryId);
    const endpoint = await requireTeamEndpoint(trx, member.teamId, delivery.endpointId, {
      lock: true,
    });
    if (!endpoint.enabled) {
      throw new AppError("CONFLICT", {
        message: "This webhook endpoint is disabled.",
        reason: "webhook_disabled",
        suggestion: "Enable the endpoint, then replay the delivery.",
      });
    }
    const replay = await trx
      .insertInto("webhookDelivery")
      .values({
        endpointId: delivery.endpointId,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        payload: delivery.payload,
        workspaceId: delivery.workspaceId,
        replayOfId: delivery.id,
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(
      trx,
      deliverWebhookJob,
      { deliveryId: replay.id, attempt: 1 },
      { dedupeKey: webhookAttemptKey(replay.id, 1) },
    );
    const readable = await readableEnvelopes(trx, member, [envelopeUuidOfDelivery(replay)]);
    return { delivery: deliveryView(replay, readable) };
  });
}
