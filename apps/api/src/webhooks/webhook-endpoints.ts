import {
  WEBHOOK_ENDPOINTS_PER_TEAM,
  type createWebhookRequestSchema,
  type ListWebhooksResponse,
  type updateWebhookRequestSchema,
  type WebhookResponse,
  type WebhookWithSecretResponse,
} from "@paraphe/api-sdk/contract";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { AppError } from "../errors/app-error";
import { requireWebhookAdministrator } from "./webhook-access";
import type { WebhookDeps } from "./webhook-deps";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";
import { endpointView, requireTeamEndpoint } from "./webhook-store";
import { checkWebhookUrl } from "./webhook-url";

type CreateInput = z.infer<typeof createWebhookRequestSchema>;
type UpdateInput = z.infer<typeof updateWebhookRequestSchema>;

/** `/webhook/list`: the caller's team's endpoints, oldest first (never their secrets). */
export async function listWebhooks(
  deps: WebhookDeps,
  userId: string,
): Promise<ListWebhooksResponse> {
  const member = await requireWebhookAdministrator(deps, userId);
  const rows = await deps.db
    .selectFrom("webhookEndpoint")
    .selectAll()
    .where("teamId", "=", member.teamId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return { endpoints: rows.map(endpointView) };
}

/**
 * `/webhook/create`: a new endpoint of the caller's team, with a new secret answered this once
 * and stored sealed. The URL is checked (https and public addresses outside development); a team
 * has at most `WEBHOOK_ENDPOINTS_PER_TEAM` endpoints (CONFLICT past it).
 */
export async function createWebhook(
  deps: WebhookDeps,
  userId: string,
  input: CreateInput,
): Promise<WebhookWithSecretResponse> {
  const member = await requireWebhookAdministrator(deps, userId);
  await checkWebhookUrl(deps, input.url);
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    // One creation at a time per team, so the limit holds under concurrent calls.
    await trx.selectFrom("team").select("id").where("id", "=", member.teamId).forUpdate().execute();
    const { count } = await trx
      .selectFrom("webhookEndpoint")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("teamId", "=", member.teamId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= WEBHOOK_ENDPOINTS_PER_TEAM) {
      throw new AppError("CONFLICT", {
        message: `Your team already has ${WEBHOOK_ENDPOINTS_PER_TEAM} webhook endpoints, the most it may have.`,
        suggestion:
          "Delete an endpoint you no longer use, or subscribe an existing one to more events.",
      });
    }
    const id = randomUUID();
    const secret = newWebhookSecret();
    const row = await trx
      .insertInto("webhookEndpoint")
      .values({
        id,
        teamId: member.teamId,
        url: input.url,
        events: JSON.stringify(input.events),
        secretSealed: sealWebhookSecret(deps.webhookKey, id, secret),
        secretCreatedAt: at,
        enabled: input.enabled,
        createdAt: at,
        updatedAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { endpoint: endpointView(row), secret };
  });
}

/** `/webhook/update`: changes the URL, events or state given; keeps the rest and the secret. */
export async function updateWebhook(
  deps: WebhookDeps,
  userId: string,
  input: UpdateInput,
): Promise<WebhookResponse> {
  const member = await requireWebhookAdministrator(deps, userId);
  await requireTeamEndpoint(deps.db, member.teamId, input.uuid);
  if (input.url !== undefined) await checkWebhookUrl(deps, input.url);
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    await requireTeamEndpoint(trx, member.teamId, input.uuid, { lock: true });
    const row = await trx
      .updateTable("webhookEndpoint")
      .set({
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.events === undefined ? {} : { events: JSON.stringify(input.events) }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        updatedAt: at,
      })
      .where("id", "=", input.uuid)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { endpoint: endpointView(row) };
  });
}

/**
 * `/webhook/rotate-secret`: a new secret replaces the old one at once (deliveries from now on are
 * signed with it, retries included); answered this once.
 */
export async function rotateWebhookSecret(
  deps: WebhookDeps,
  userId: string,
  endpointId: string,
): Promise<WebhookWithSecretResponse> {
  const member = await requireWebhookAdministrator(deps, userId);
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    await requireTeamEndpoint(trx, member.teamId, endpointId, { lock: true });
    const secret = newWebhookSecret();
    const row = await trx
      .updateTable("webhookEndpoint")
      .set({
        secretSealed: sealWebhookSecret(deps.webhookKey, endpointId, secret),
        secretCreatedAt: at,
        updatedAt: at,
      })
      .where("id", "=", endpointId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { endpoint: endpointView(row), secret };
  });
}

/** `/webhook/delete`: removes the endpoint and its delivery log; pending attempts stop. */
export async function deleteWebhook(
  deps: WebhookDeps,
  userId: string,
  endpointId: string,
): Promise<{ deleted: true }> {
  const member = await requireWebhookAdministrator(deps, userId);
  const deleted = await deps.db
    .deleteFrom("webhookEndpoint")
    .where("id", "=", endpointId)
    .where("teamId", "=", member.teamId)
    .returning("id")
    .executeTakeFirst();
  if (deleted === undefined) {
    throw new AppError("NOT_FOUND", {
      message: "This webhook endpoint does not exist in your team.",
    });
  }
  return { deleted: true };
}
