import type {
  GetSsoResponse,
  SaveSsoResponse,
  SsoConfiguration,
  saveSsoRequestSchema,
} from "@paraphe/api-sdk/contract";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { Config } from "../config";
import type { Database, SsoConfigurationTable } from "../db/database";
import { AppError } from "../errors/app-error";
import { requireAssignableRole } from "../members/role-assignment";
import { sealClientSecret } from "./client-secret";
import { requireSsoAdministrator } from "./sso-access";
import type { SsoDeps } from "./sso-deps";
import { lockSsoConfiguration } from "./sso-store";
import type { Member } from "../membership/members";

type SsoRow = Selectable<SsoConfigurationTable>;
type SaveSsoInput = z.infer<typeof saveSsoRequestSchema>;

const URL_FIELDS = [
  "issuerUrl",
  "authorizationUrl",
  "tokenUrl",
  "userinfoUrl",
  "revocationUrl",
  "jwksUrl",
] as const;

/** The address the identity provider sends the browser back to: the web app's `/auth/oidc`. */
export function oidcCallbackUrl(config: Pick<Config, "webUrl">): string {
  return new URL("/auth/oidc", config.webUrl).toString();
}

/** Whether plain `http:` identity-provider URLs are accepted: in development and test only. */
export function allowsInsecureIdentityProvider(config: Pick<Config, "nodeEnv">): boolean {
  return config.nodeEnv !== "production";
}

/**
 * The managed Member role of the team: what a first-time SSO person joins as unless the
 * configuration names another role (Member sends documents; Viewer would be seat-free but could
 * do nothing an SSO team signs in for).
 */
export async function memberRoleId(db: Kysely<Database>, teamId: string): Promise<string> {
  const role = await db
    .selectFrom("role")
    .select("id")
    .where("teamId", "=", teamId)
    .where("origin", "=", "managed")
    .where("name", "=", "Member")
    .executeTakeFirstOrThrow();
  return role.id;
}

function view(row: SsoRow, defaultRoleId: string, config: Config): SsoConfiguration {
  return {
    clientId: row.clientId,
    hasClientSecret: row.clientSecretSealed !== "",
    issuerUrl: row.issuerUrl,
    authorizationUrl: row.authorizationUrl,
    tokenUrl: row.tokenUrl,
    userinfoUrl: row.userinfoUrl,
    revocationUrl: row.revocationUrl,
    jwksUrl: row.jwksUrl,
    enabled: row.enabled,
    defaultRoleUuid: row.defaultRoleId ?? defaultRoleId,
    callbackUrl: oidcCallbackUrl(config),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `/sso/get`: the caller's team's configuration (never its secret), or null. */
export async function getSso(deps: SsoDeps, member: Member): Promise<GetSsoResponse> {
  requireSsoAdministrator(member);
  const row = await deps.db
    .selectFrom("ssoConfiguration")
    .selectAll()
    .where("teamId", "=", member.teamId)
    .executeTakeFirst();
  return {
    configuration:
      row === undefined ? null : view(row, await memberRoleId(deps.db, member.teamId), deps.config),
    callbackUrl: oidcCallbackUrl(deps.config),
  };
}

/**
 * `/sso/save`: creates or replaces the caller's team's configuration. The secret is required the
 * first time and kept when left out afterwards; it is stored sealed. `http:` URLs are refused in
 * production (`insecure_url`); the role must be one of the team's (NOT_FOUND otherwise) and one the
 * caller may give (FORBIDDEN: every right of it held, the Owner role by an Owner only).
 */
export async function saveSso(
  deps: SsoDeps,
  member: Member,
  input: SaveSsoInput,
): Promise<SaveSsoResponse> {
  requireSsoAdministrator(member);
  if (!allowsInsecureIdentityProvider(deps.config)) {
    const insecure = URL_FIELDS.filter((field) => {
      const url = input[field];
      return url !== null && new URL(url).protocol !== "https:";
    });
    if (insecure.length > 0) {
      throw new AppError("VALIDATION_ERROR", {
        fields: insecure.map((path) => ({
          path,
          code: "custom",
          message: "insecure_url",
        })),
      });
    }
  }
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    // The role people join with is given by the caller: they must hold all of it (and be an
    // Owner for the Owner role), the Member role by default included.
    await requireAssignableRole(
      trx,
      member,
      input.defaultRoleUuid ?? (await memberRoleId(trx, member.teamId)),
    );
    const existing = await lockSsoConfiguration(trx, member.teamId);
    if (existing === undefined && input.clientSecret === undefined) {
      throw new AppError("VALIDATION_ERROR", {
        fields: [{ path: "clientSecret", code: "custom", message: "required" }],
      });
    }
    const values = {
      clientId: input.clientId,
      ...(input.clientSecret === undefined
        ? {}
        : { clientSecretSealed: sealClientSecret(deps.ssoKey, member.teamId, input.clientSecret) }),
      issuerUrl: input.issuerUrl,
      authorizationUrl: input.authorizationUrl,
      tokenUrl: input.tokenUrl,
      userinfoUrl: input.userinfoUrl,
      revocationUrl: input.revocationUrl,
      jwksUrl: input.jwksUrl,
      enabled: input.enabled,
      defaultRoleId: input.defaultRoleUuid ?? null,
      // The author: single sign-on opens no account whose role holds more than theirs.
      updatedByUserId: member.userId,
      updatedAt: at,
    };
    const row =
      existing === undefined
        ? await trx
            .insertInto("ssoConfiguration")
            .values({
              ...values,
              clientSecretSealed: values.clientSecretSealed ?? "",
              teamId: member.teamId,
              createdAt: at,
            })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .updateTable("ssoConfiguration")
            .set(values)
            .where("teamId", "=", member.teamId)
            .returningAll()
            .executeTakeFirstOrThrow();
    return { configuration: view(row, await memberRoleId(trx, member.teamId), deps.config) };
  });
}

/**
 * `/sso/delete`: removes the caller's team's configuration; single sign-on stops for the team.
 * Deleting when there is none is no error (the outcome is the same).
 */
export async function deleteSso(deps: SsoDeps, member: Member): Promise<{ deleted: true }> {
  requireSsoAdministrator(member);
  await deps.db.deleteFrom("ssoConfiguration").where("teamId", "=", member.teamId).execute();
  return { deleted: true };
}
