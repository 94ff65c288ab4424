import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from "@paraphe/api-sdk/contract";
import type { Kysely, Selectable } from "kysely";
import type { Database, WebhookDeliveryTable, WebhookEndpointTable } from "../db/database";
import { AppError } from "../errors/app-error";

/*
 * The webhook rows, scoped by team: an endpoint or a delivery of another team is NOT_FOUND, as one
 * that does not exist, so nothing says that it does. Commands lock what they change.
 */

export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

const notFound = () =>
  new AppError("NOT_FOUND", { message: "This webhook endpoint does not exist in your team." });

/** The team's endpoint `endpointId`, locked when `lock`; NOT_FOUND outside the team. */
export async function requireTeamEndpoint(
  db: Kysely<Database>,
  teamId: string,
  endpointId: string,
  options: { lock?: boolean } = {},
): Promise<WebhookEndpointRow> {
  const query = db
    .selectFrom("webhookEndpoint")
    .selectAll()
    .where("id", "=", endpointId)
    .where("teamId", "=", teamId);
  const row = await (options.lock === true ? query.forUpdate() : query).executeTakeFirst();
  if (row === undefined) throw notFound();
  return row;
}

/** The team's delivery `deliveryId` with its endpoint; NOT_FOUND outside the team. */
export async function requireTeamDelivery(
  db: Kysely<Database>,
  teamId: string,
  deliveryId: string,
): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow }> {
  const delivery = await db
    .selectFrom("webhookDelivery")
    .selectAll()
    .where("id", "=", deliveryId)
    .executeTakeFirst();
  const endpoint =
    delivery === undefined
      ? undefined
      : await db
          .selectFrom("webhookEndpoint")
          .selectAll()
          .where("id", "=", delivery.endpointId)
          .where("teamId", "=", teamId)
          .executeTakeFirst();
  if (delivery === undefined || endpoint === undefined) {
    throw new AppError("NOT_FOUND", {
      message: "This webhook delivery does not exist in your team.",
    });
  }
  return { delivery, endpoint };
}

/** The endpoint as the api answers it, with its scope (`endpointScopeViews`). */
export function endpointView(
  row: WebhookEndpointRow,
  scope: Pick<WebhookEndpoint, "workspaces" | "accountable">,
): WebhookEndpoint {
  return {
    uuid: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    workspaces: scope.workspaces,
    accountable: scope.accountable,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    secretCreatedAt: row.secretCreatedAt.toISOString(),
  };
}

/**
 * The uuid of the envelope a delivery's event names (`data.envelopeUuid` of its body), or null
 * when its body names none.
 */
export function envelopeUuidOfDelivery(row: Pick<WebhookDeliveryRow, "payload">): string | null {
  try {
    const body = JSON.parse(row.payload) as { data?: { envelopeUuid?: unknown } } | null;
    const uuid = body?.data?.envelopeUuid;
    return typeof uuid === "string" && UUID.test(uuid) ? uuid : null;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the log shows of an envelope the caller may read. */
export interface ReadableEnvelope {
  title: string;
  workspaceUuid: string;
}

/**
 * The delivery as the api answers it; `readable` holds the envelopes the caller may read
 * (`readableEnvelopes`): another envelope is named by its uuid only.
 */
export function deliveryView(
  row: WebhookDeliveryRow,
  readable: ReadonlyMap<string, ReadableEnvelope>,
): WebhookDelivery {
  const envelopeUuid = envelopeUuidOfDelivery(row);
  return {
    uuid: row.id,
    endpointUuid: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    lastResponseStatus: row.lastResponseStatus,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    replayOfUuid: row.replayOfId,
    envelope:
      envelopeUuid === null
        ? null
        : {
            uuid: envelopeUuid,
            title: readable.get(envelopeUuid)?.title ?? null,
            workspaceUuid: readable.get(envelopeUuid)?.workspaceUuid ?? null,
          },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
