import { createHash } from "node:crypto";
import {
  PROFILE_PICTURE_PATH_PREFIX,
  type TeamSummary,
  type UserProfile,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import { aesAvailable, hasQesProvider, smsVerificationAvailable, type Config } from "../config";
import type { Database, Language } from "../db/database";
import { AppError } from "../errors/app-error";

/** SHA-256 (hex) of an email: the public name of its picture (spec §3). */
export function emailHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase(), "utf8").digest("hex");
}

/** The blob key of a picture, by email hash. */
export function pictureBlobKey(hash: string): string {
  return `avatars/${hash}`;
}

export function profilePictureUrl(config: Config, email: string): string {
  return `${config.publicApiUrl}${PROFILE_PICTURE_PATH_PREFIX}${emailHash(email)}`;
}

/** The team of `userId` with their role, its rules and the default workspace; null without one. */
export async function teamSummaryOf(
  db: Kysely<Database>,
  userId: string,
): Promise<TeamSummary | null> {
  const row = await db
    .selectFrom("teamMember")
    .innerJoin("team", "team.id", "teamMember.teamId")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .leftJoin("workspace", (join) =>
      join.onRef("workspace.teamId", "=", "team.id").on("workspace.isDefault", "=", true),
    )
    .select([
      "team.id as teamId",
      "team.name as teamName",
      "role.name as roleName",
      "role.origin as roleOrigin",
      "role.permissions as rolePermissions",
      "workspace.id as defaultWorkspaceId",
    ])
    .where("teamMember.userId", "=", userId)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    uuid: row.teamId,
    name: row.teamName,
    role: { name: row.roleName, origin: row.roleOrigin },
    rolePermissions: row.rolePermissions as TeamSummary["rolePermissions"],
    defaultWorkspaceUuid: row.defaultWorkspaceId ?? null,
  };
}

/** The profile of `userId` (spec §3, §7 `/user/profile`). */
export async function loadProfile(
  { db, blobStore }: { db: Kysely<Database>; blobStore: Pick<BlobStore, "exists"> },
  config: Config,
  userId: string,
): Promise<UserProfile> {
  const user = await db
    .selectFrom("appUser")
    .selectAll()
    .where("id", "=", userId)
    .executeTakeFirst();
  if (user === undefined) throw new AppError("AUTHENTICATION_ERROR");
  return {
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    preferredLanguage: user.preferredLanguage,
    profilePictureUrl: profilePictureUrl(config, user.email),
    hasProfilePicture: await blobStore.exists(pictureBlobKey(emailHash(user.email))),
    team: await teamSummaryOf(db, userId),
    capabilities: {
      smsVerification: smsVerificationAvailable(config),
      aesSignature: aesAvailable(config),
      qesSignature: hasQesProvider(config),
    },
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export async function updateProfile(
  { db }: { db: Kysely<Database> },
  userId: string,
  changes: {
    firstname: string;
    lastname: string;
    phone: string | null;
    preferredLanguage: Language;
  },
  at: number,
): Promise<void> {
  await db
    .updateTable("appUser")
    .set({ ...changes, updatedAt: new Date(at) })
    .where("id", "=", userId)
    .execute();
}
