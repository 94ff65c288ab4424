import { buildAbility, heldRules } from "@paraphe/permissions";
import type { ApiKeyPermission } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { displayName, type Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import { apiKeyRules } from "./api-key-rules";

/**
 * The member a team API key acts as (architecture §7): the member who created it, in their team
 * and workspaces (a key reaches the team's workspaces its creator belongs to), with the key's own
 * rules (templates only, spec §6) within its creator's current role: the part of the key's rules
 * that the creator's role holds now (`heldRules`), read on every call, so that a creator demoted
 * since takes the key's rights down with them. A key revoked since the call was
 * signed is AUTHENTICATION_ERROR; a key whose creator has left the team is FORBIDDEN with a clear
 * message (create a new key).
 */
export async function requireApiKeyMember(
  deps: { db: Kysely<Database> },
  apiKeyId: string,
): Promise<Member> {
  const key = await deps.db
    .selectFrom("apiKey")
    .select(["id", "teamId", "description", "permissions", "status", "createdByUserId"])
    .where("id", "=", apiKeyId)
    .executeTakeFirst();
  if (key?.status !== "active") throw new AppError("AUTHENTICATION_ERROR");
  const creator =
    key.createdByUserId === null
      ? undefined
      : await deps.db
          .selectFrom("appUser")
          .innerJoin("teamMember", "teamMember.userId", "appUser.id")
          .innerJoin("team", "team.id", "teamMember.teamId")
          .innerJoin("role", "role.id", "teamMember.roleId")
          .select([
            "appUser.id",
            "appUser.email",
            "appUser.firstname",
            "appUser.lastname",
            "appUser.preferredLanguage",
            "team.name as teamName",
            "role.permissions as rolePermissions",
          ])
          .where("appUser.id", "=", key.createdByUserId)
          .where("teamMember.teamId", "=", key.teamId)
          .executeTakeFirst();
  if (creator === undefined) {
    throw new AppError("FORBIDDEN", {
      message:
        "The member who created this API key is no longer in the team: the key cannot act in their name.",
      suggestion: "Ask an owner or an administrator of the team to create a new API key.",
    });
  }
  return {
    userId: creator.id,
    email: creator.email,
    name: displayName(creator),
    language: creator.preferredLanguage,
    teamId: key.teamId,
    teamName: creator.teamName,
    ability: buildAbility(
      heldRules(
        buildAbility(creator.rolePermissions),
        apiKeyRules(key.permissions as ApiKeyPermission[], creator.id),
      ),
    ),
    apiKey: { id: key.id, description: key.description },
  };
}
