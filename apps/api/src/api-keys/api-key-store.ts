import type { ApiKey, ApiKeyPermission } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { ApiKeyRow, Database } from "../db/database";
import { lockTeamRow } from "../db/team-rows";
import { displayName } from "../membership/members";

/*
 * The API key rows: the team's keys as the settings page lists them, and a key locked (SELECT ...
 * FOR UPDATE) inside the caller's transaction so that a revocation happens once.
 */

/** The team's keys with their creators, newest first (at most `API_KEYS_PER_TEAM_MAX`). */
export async function listTeamApiKeys(db: Kysely<Database>, teamId: string): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom("apiKey")
    .leftJoin("appUser", "appUser.id", "apiKey.createdByUserId")
    .selectAll("apiKey")
    .select(["appUser.email", "appUser.firstname", "appUser.lastname"])
    .where("apiKey.teamId", "=", teamId)
    .orderBy("apiKey.createdAt", "desc")
    .orderBy("apiKey.id")
    .execute();
  return rows.map((row) =>
    toApiKey(
      row,
      row.email === null
        ? null
        : { firstname: row.firstname, lastname: row.lastname, email: row.email },
    ),
  );
}

/** The team's key `id`, locked; undefined when the team has none of that id. */
export async function lockTeamApiKey(trx: Kysely<Database>, teamId: string, id: string) {
  return lockTeamRow(trx, "apiKey", teamId, id, "update");
}

/** A key as the contract answers it (never a secret: none is stored). */
export function toApiKey(
  row: ApiKeyRow,
  creator: { firstname: string | null; lastname: string | null; email: string } | null,
): ApiKey {
  return {
    uuid: row.id,
    description: row.description,
    accessKey: row.accessKey,
    permissions: row.permissions as ApiKeyPermission[],
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    revokedAt: row.revokedAt === null ? null : row.revokedAt.toISOString(),
    createdBy: creator === null ? null : { name: displayName(creator), email: creator.email },
  };
}
