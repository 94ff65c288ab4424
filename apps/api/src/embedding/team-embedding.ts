import {
  isLoopbackOrigin,
  type EmbeddingSettings,
  type SaveEmbeddingRequest,
} from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { Member } from "../membership/members";
import { directLinkTokenHash } from "../templates/direct-link";

/*
 * Embedded signing (issue 30): the origins a team allows to frame its signing pages, and the
 * lookup the signing site's server makes to answer an embedded page's `frame-ancestors`.
 */

/** What the embedding settings need. */
export interface EmbeddingDeps {
  db: Kysely<Database>;
  config: Pick<Config, "nodeEnv">;
}

/**
 * Refuses (FORBIDDEN) a member whose role may not update the team's `embedding` (checked on the
 * team's own record: Owner and Admin; a custom role granting it).
 */
export function requireEmbeddingAdministrator(member: Member): void {
  if (!member.ability.can("update", asSubject("Team", { id: member.teamId }), "embedding")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to change which sites may embed the signing pages.",
    });
  }
}

async function loadOrigins(db: Kysely<Database>, teamId: string): Promise<string[]> {
  const row = await db
    .selectFrom("teamEmbedding")
    .select("origins")
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  return row?.origins ?? [];
}

/** POST /embedding/get: the origins the caller's team allows (none by default). */
export async function getEmbedding(
  { db }: EmbeddingDeps,
  member: Member,
): Promise<EmbeddingSettings> {
  requireEmbeddingAdministrator(member);
  return { origins: await loadOrigins(db, member.teamId) };
}

/** VALIDATION_ERROR for a loopback origin (`http://localhost...`) when NODE_ENV=production. */
export function refuseLoopbackInProduction(
  config: Pick<Config, "nodeEnv">,
  origins: readonly string[],
): void {
  if (config.nodeEnv !== "production") return;
  const loopback = origins.flatMap((origin, index) => (isLoopbackOrigin(origin) ? [index] : []));
  if (loopback.length === 0) return;
  throw new AppError("VALIDATION_ERROR", {
    message: "A local address (http://localhost) cannot embed the signing pages in production.",
    suggestion: "Give the https origin of the site that embeds them.",
    fields: loopback.map((index) => ({
      path: `origins.${index}`,
      code: "custom",
      message: "loopback_origin",
    })),
  });
}

/**
 * POST /embedding/save: replaces the team's list (empty: none may frame its pages). A loopback
 * origin (`http://localhost...`) is refused in production.
 */
export async function saveEmbedding(
  { db, config }: EmbeddingDeps,
  member: Member,
  input: SaveEmbeddingRequest,
): Promise<EmbeddingSettings> {
  requireEmbeddingAdministrator(member);
  const origins = input.origins;
  refuseLoopbackInProduction(config, origins);
  if (origins.length === 0) {
    await db.deleteFrom("teamEmbedding").where("teamId", "=", member.teamId).execute();
    return { origins: [] };
  }
  await db
    .insertInto("teamEmbedding")
    .values({ teamId: member.teamId, origins })
    .onConflict((oc) => oc.column("teamId").doUpdateSet({ origins, updatedAt: new Date() }))
    .execute();
  return { origins };
}

/** An embedded signing page, as its path names it (`/embed/sign/<uuid>`, `/embed/d/<token>`). */
export type EmbeddedPage =
  { kind: "sign"; envelopeUuid: string } | { kind: "direct"; token: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIRECT_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The origins that may frame an embedded page: those of the team that owns the envelope (an access
 * link's page) or the direct link (turned on). Empty for an unknown page: the answer says nothing
 * of whether the page exists when its team allows none.
 */
export async function frameAncestorsOf(
  { db }: { db: Kysely<Database> },
  page: EmbeddedPage,
): Promise<string[]> {
  if (page.kind === "sign") {
    if (!UUID.test(page.envelopeUuid)) return [];
    const row = await db
      .selectFrom("envelope")
      .innerJoin("teamEmbedding", "teamEmbedding.teamId", "envelope.teamId")
      .select("teamEmbedding.origins")
      .where("envelope.id", "=", page.envelopeUuid.toLowerCase())
      .where("envelope.kind", "=", "envelope")
      .executeTakeFirst();
    return row?.origins ?? [];
  }
  if (!DIRECT_TOKEN.test(page.token)) return [];
  const row = await db
    .selectFrom("templateDirectLink")
    .innerJoin("teamEmbedding", "teamEmbedding.teamId", "templateDirectLink.teamId")
    .select("teamEmbedding.origins")
    .where("templateDirectLink.tokenHash", "=", directLinkTokenHash(page.token))
    .where("templateDirectLink.enabled", "=", true)
    .executeTakeFirst();
  return row?.origins ?? [];
}
