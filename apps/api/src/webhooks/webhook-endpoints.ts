import {
  WEBHOOK_ENDPOINTS_PER_TEAM,
  type createWebhookRequestSchema,
  type ListWebhooksResponse,
  type updateWebhookRequestSchema,
  type WebhookEndpoint,
  type WebhookResponse,
  type WebhookWithSecretResponse,
} from "@paraphe/api-sdk/contract";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { AppError } from "../errors/app-error";
import { requireWebhookAdministrator } from "./webhook-access";
import type { WebhookDeps } from "./webhook-deps";
import { endpointScopeViews, requireChosenWorkspaces } from "./webhook-scope";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";
import { endpointView, requireTeamEndpoint, type WebhookEndpointRow } from "./webhook-store";
import { checkWebhookUrl } from "./webhook-url";
import type { Member } from "../membership/members";

type CreateInput = z.infer<typeof createWebhookRequestSchema>;
type UpdateInput = z.infer<typeof updateWebhookRequestSchema>;

/** The endpoints as the api answers them, each with the workspaces it covers. */
async function endpointViews(
  db: WebhookDeps["db"],
  rows: readonly WebhookEndpointRow[],
): Promise<WebhookEndpoint[]> {
  const scopes = await endpointScopeViews(db, rows);
  return rows.map((row) => {
    const scope = scopes.get(row.id);
    return endpointView(row, scope ?? { workspaces: null, accountable: null });
  });
}

async function oneEndpointView(
  db: WebhookDeps["db"],
  row: WebhookEndpointRow,
): Promise<WebhookEndpoint> {
  const [view] = await endpointViews(db, [row]);
  if (view === undefined) throw new Error("an endpoint without its view");
  return view;
}

/** Records the workspaces an endpoint chose (null: all of its accountable member's). */
async function setEndpointWorkspaces(
  trx: WebhookDeps["db"],
  endpointId: string,
  workspaceIds: readonly string[] | null,
): Promise<void> {
  await trx.deleteFrom("webhookEndpointWorkspace").where("endpointId", "=", endpointId).execute();
  if (workspaceIds === null || workspaceIds.length === 0) return;
  await trx
    .insertInto("webhookEndpointWorkspace")
    .values(workspaceIds.map((workspaceId) => ({ endpointId, workspaceId })))
    .execute();
}

/** `/webhook/list`: the caller's team's endpoints, oldest first (never their secrets). */
export async function listWebhooks(
  deps: WebhookDeps,
  member: Member,
): Promise<ListWebhooksResponse> {
  requireWebhookAdministrator(member);
  const rows = await deps.db
    .selectFrom("webhookEndpoint")
    .selectAll()
    .where("teamId", "=", member.teamId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return { endpoints: await endpointViews(deps.db, rows) };
}

/**
 * `/webhook/create`: a new endpoint of the caller's team, with a new secret answered this once
 * and stored sealed. The URL is checked (https and public addresses outside development); a team
 * has at most `WEBHOOK_ENDPOINTS_PER_TEAM` endpoints (CONFLICT past it). The caller is its
 * accountable member: it covers the workspaces they chose (each one they may read, NOT_FOUND
 * otherwise), or every workspace they belong to.
 */
export async function createWebhook(
  deps: WebhookDeps,
  member: Member,
  input: CreateInput,
): Promise<WebhookWithSecretResponse> {
  requireWebhookAdministrator(member);
  const workspaceIds =
    input.workspaceUuids === null
      ? null
      : await requireChosenWorkspaces(deps.db, member, input.workspaceUuids);
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
        reason: "too_many_webhooks",
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
        accountableUserId: member.userId,
        allWorkspaces: workspaceIds === null,
        createdAt: at,
        updatedAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await setEndpointWorkspaces(trx, id, workspaceIds);
    return { endpoint: await oneEndpointView(trx, row), secret };
  });
}

/**
 * `/webhook/update`: changes the URL, events, state or workspaces given; keeps the rest and the
 * secret. A new URL or new workspaces make the caller the endpoint's accountable member, so that
 * nobody redirects to themselves the events of workspaces they may not read: the workspaces the
 * endpoint then covers must all be ones the caller may read (NOT_FOUND otherwise).
 */
export async function updateWebhook(
  deps: WebhookDeps,
  member: Member,
  input: UpdateInput,
): Promise<WebhookResponse> {
  requireWebhookAdministrator(member);
  await requireTeamEndpoint(deps.db, member.teamId, input.uuid);
  const chosen =
    input.workspaceUuids === undefined || input.workspaceUuids === null
      ? input.workspaceUuids
      : await requireChosenWorkspaces(deps.db, member, input.workspaceUuids);
  if (input.url !== undefined) await checkWebhookUrl(deps, input.url);
  const takesOver = input.url !== undefined || input.workspaceUuids !== undefined;
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const current = await requireTeamEndpoint(trx, member.teamId, input.uuid, { lock: true });
    if (takesOver && chosen === undefined && !current.allWorkspaces) {
      const kept = await trx
        .selectFrom("webhookEndpointWorkspace")
        .select("workspaceId")
        .where("endpointId", "=", current.id)
        .execute();
      await requireChosenWorkspaces(
        trx,
        member,
        kept.map((row) => row.workspaceId),
      );
    }
    const row = await trx
      .updateTable("webhookEndpoint")
      .set({
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.events === undefined ? {} : { events: JSON.stringify(input.events) }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(takesOver ? { accountableUserId: member.userId } : {}),
        ...(chosen === undefined ? {} : { allWorkspaces: chosen === null }),
        updatedAt: at,
      })
      .where("id", "=", input.uuid)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (chosen !== undefined) await setEndpointWorkspaces(trx, row.id, chosen);
    return { endpoint: await oneEndpointView(trx, row) };
  });
}

/**
 * `/webhook/rotate-secret`: a new secret replaces the old one at once (deliveries from now on are
 * signed with it, retries included); answered this once.
 */
export async function rotateWebhookSecret(
  deps: WebhookDeps,
  member: Member,
  endpointId: string,
): Promise<WebhookWithSecretResponse> {
  requireWebhookAdministrator(member);
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
    return { endpoint: await oneEndpointView(trx, row), secret };
  });
}

/** `/webhook/delete`: removes the endpoint and its delivery log; pending attempts stop. */
export async function deleteWebhook(
  deps: WebhookDeps,
  member: Member,
  endpointId: string,
): Promise<{ deleted: true }> {
  requireWebhookAdministrator(member);
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
