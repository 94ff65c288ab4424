import {
  API_KEYS_PER_TEAM_MAX,
  type createApiKeyRequestSchema,
  type CreateApiKeyResponse,
  type ListApiKeysResponse,
  type revokeApiKeyRequestSchema,
  type RevokeApiKeyResponse,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import {
  apiKeySecretKey,
  deriveApiKeyCredentialKey,
  newApiKeyAccessKey,
} from "../auth/api-key-credentials";
import { unheldRights } from "@paraphe/permissions";
import { AppError } from "../errors/app-error";
import { lockTeam } from "../members/team-store";
import { requireApiKeyAdministrator } from "./api-key-access";
import type { ApiKeyDeps } from "./api-key-deps";
import { apiKeyRules } from "./api-key-rules";
import { listTeamApiKeys, lockTeamApiKey, toApiKey } from "./api-key-store";
import type { Member } from "../membership/members";

/** POST /api-key/list: the caller's team's keys, active and revoked, newest first. */
export async function listApiKeys(deps: ApiKeyDeps, member: Member): Promise<ListApiKeysResponse> {
  requireApiKeyAdministrator(member);
  return { apiKeys: await listTeamApiKeys(deps.db, member.teamId) };
}

/**
 * POST /api-key/create: a new active key of the caller's team, created in their name (envelopes
 * the key creates are sent in it). The answer carries the secret key, this once: it is derived
 * from the access key under a key of the master key and never stored. A key gives nothing its
 * creator's role does not hold (FORBIDDEN: its rules, `api-key-rules.ts`, are compared with the
 * creator's). A team holds at most
 * `API_KEYS_PER_TEAM_MAX` keys (CONFLICT beyond; revoked ones count, they stay listed).
 */
export async function createApiKey(
  deps: ApiKeyDeps,
  member: Member,
  input: z.infer<typeof createApiKeyRequestSchema>,
): Promise<CreateApiKeyResponse> {
  requireApiKeyAdministrator(member);
  const [unheld] = unheldRights(member.ability, apiKeyRules(input.permissions, member.userId));
  if (unheld !== undefined) {
    throw new AppError("FORBIDDEN", {
      message: `Your role does not allow you to ${unheld.action} ${unheld.subject === "Template" ? "templates" : "envelopes"}, so an API key of yours cannot either.`,
      suggestion: "Give the key only permissions your role holds, or ask an owner of the team.",
    });
  }
  const at = new Date(deps.now());
  const accessKey = newApiKeyAccessKey();
  const row = await deps.db.transaction().execute(async (trx) => {
    // The team row is held so that two creations cannot pass the limit together.
    await lockTeam(trx, member.teamId);
    const { count } = await trx
      .selectFrom("apiKey")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("teamId", "=", member.teamId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= API_KEYS_PER_TEAM_MAX) {
      throw new AppError("CONFLICT", {
        message: `A team can hold at most ${API_KEYS_PER_TEAM_MAX} API keys.`,
        reason: "too_many_api_keys",
        suggestion: "Contact support if your team needs more.",
      });
    }
    return trx
      .insertInto("apiKey")
      .values({
        teamId: member.teamId,
        description: input.description,
        accessKey,
        permissions: [...input.permissions],
        createdByUserId: member.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  const creator = await deps.db
    .selectFrom("appUser")
    .select(["firstname", "lastname", "email"])
    .where("id", "=", member.userId)
    .executeTakeFirstOrThrow();
  return {
    apiKey: toApiKey(row, creator),
    secretKey: apiKeySecretKey(deriveApiKeyCredentialKey(deps.sessionCredentialKey), accessKey),
  };
}

/**
 * POST /api-key/revoke: the key stops working at once, for good. NOT_FOUND for a key of another
 * team (or none); CONFLICT for a key already revoked (nothing changes).
 */
export async function revokeApiKey(
  deps: ApiKeyDeps,
  member: Member,
  input: z.infer<typeof revokeApiKeyRequestSchema>,
): Promise<RevokeApiKeyResponse> {
  requireApiKeyAdministrator(member);
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const key = await lockTeamApiKey(trx, member.teamId, input.apiKeyUuid);
    if (key === undefined) {
      throw new AppError("NOT_FOUND", { message: "This API key does not exist." });
    }
    if (key.status === "revoked") {
      throw new AppError("CONFLICT", {
        message: "This API key is already revoked.",
        reason: "api_key_revoked",
        suggestion: "A revoked key cannot be used again: create a new key.",
      });
    }
    await trx
      .updateTable("apiKey")
      .set({ status: "revoked", revokedAt: at, updatedAt: at })
      .where("id", "=", key.id)
      .execute();
  });
  const revoked = (await listTeamApiKeys(deps.db, member.teamId)).find(
    (key) => key.uuid === input.apiKeyUuid,
  );
  if (revoked === undefined) throw new AppError("NOT_FOUND");
  return { apiKey: revoked };
}
