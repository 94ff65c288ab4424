import { randomBytes } from "node:crypto";
import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_PATH_PREFIX,
  readableVariant,
  type SignerBranding,
  type TeamBranding,
  type saveBrandingRequestSchema,
  type uploadBrandLogoRequestSchema,
} from "@paraphe/api-sdk/contract";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { Database, TeamBrandingTable } from "../db/database";
import { AppError } from "../errors/app-error";
import type { Member } from "../membership/members";
import { requireBrandingAdministrator } from "./branding-access";
import type { BrandingDeps } from "./branding-deps";
import { logoDimensions, logoSidesAccepted } from "./logo-image";
import { rasteriseSvgLogo } from "./svg-logo";

const notAnImage = () =>
  new AppError("VALIDATION_ERROR", {
    message: "The file is not a PNG, JPEG or SVG image of the type it claims.",
    suggestion: "Choose a PNG, JPEG or SVG image.",
    fields: [{ path: "data", code: "custom", message: "invalid_file_type" }],
  });

type BrandingRow = Selectable<TeamBrandingTable>;

/** The blob key of a logo, by its key (random, new at each upload). */
export function logoBlobKey(key: string): string {
  return `team-logos/${key}`;
}

/** A logo's key as served: 32 hex digits. */
export const LOGO_KEY = /^[0-9a-f]{32}$/;

function logoUrl(config: BrandingDeps["config"], key: string | null): string | null {
  return key === null ? null : `${config.publicApiUrl}${BRAND_LOGO_PATH_PREFIX}${key}`;
}

function view(config: BrandingDeps["config"], row: BrandingRow | undefined): TeamBranding {
  return {
    displayName: row?.displayName ?? null,
    color: row?.color ?? null,
    readableColor: row?.color ? readableVariant(row.color) : null,
    footer: row?.footer ?? null,
    websiteUrl: row?.websiteUrl ?? null,
    privacyUrl: row?.privacyUrl ?? null,
    showPoweredBy: row?.showPoweredBy ?? true,
    logoUrl: logoUrl(config, row?.logoKey ?? null),
  };
}

async function loadRow(db: Kysely<Database>, teamId: string): Promise<BrandingRow | undefined> {
  return db.selectFrom("teamBranding").selectAll().where("teamId", "=", teamId).executeTakeFirst();
}

/**
 * What signers see of a team: its branding with the name resolved (the display name, else the
 * team's name). Read by the open call, the mails to recipients and the proof's cover.
 */
export async function signerBrandingOf(
  db: Kysely<Database>,
  config: BrandingDeps["config"],
  teamId: string,
): Promise<SignerBranding> {
  const team = await db
    .selectFrom("team")
    .leftJoin("teamBranding", "teamBranding.teamId", "team.id")
    .select([
      "team.name",
      "teamBranding.displayName",
      "teamBranding.color",
      "teamBranding.footer",
      "teamBranding.websiteUrl",
      "teamBranding.privacyUrl",
      "teamBranding.showPoweredBy",
      "teamBranding.logoKey",
    ])
    .where("team.id", "=", teamId)
    .executeTakeFirstOrThrow();
  return {
    name: team.displayName ?? team.name,
    color: team.color,
    readableColor: team.color === null ? null : readableVariant(team.color),
    footer: team.footer,
    websiteUrl: team.websiteUrl,
    privacyUrl: team.privacyUrl,
    showPoweredBy: team.showPoweredBy ?? true,
    logoUrl: logoUrl(config, team.logoKey),
  };
}

/** `/branding/get`: the caller's team's branding (the defaults when it has none). */
export async function getBranding(deps: BrandingDeps, member: Member): Promise<TeamBranding> {
  requireBrandingAdministrator(member);
  return view(deps.config, await loadRow(deps.db, member.teamId));
}

/** `/branding/save`: replaces the branding's texts, colour, links and "Sent with Paraphe". */
export async function saveBranding(
  deps: BrandingDeps,
  member: Member,
  input: z.infer<typeof saveBrandingRequestSchema>,
): Promise<TeamBranding> {
  requireBrandingAdministrator(member);
  const values = {
    displayName: input.displayName,
    color: input.color,
    footer: input.footer,
    websiteUrl: input.websiteUrl,
    privacyUrl: input.privacyUrl,
    showPoweredBy: input.showPoweredBy,
    updatedAt: new Date(deps.now()),
  };
  const row = await deps.db
    .insertInto("teamBranding")
    .values({ teamId: member.teamId, ...values })
    .onConflict((oc) => oc.column("teamId").doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return view(deps.config, row);
}

/**
 * `/branding/upload-logo`: a PNG or JPEG of at most BRAND_LOGO_MAX_BYTES and BRAND_LOGO_MAX_SIDE
 * pixels a side, or an SVG rasterised to a PNG (`rasteriseSvgLogo`: the SVG is never stored),
 * stored as public data under a new key (the previous logo is removed). Refuses, storing nothing,
 * a file too large (PAYLOAD_TOO_LARGE), bytes that are not the declared image type
 * (`invalid_file_type`) or an image too large in pixels (`image_too_large`).
 */
export async function uploadBrandLogo(
  deps: BrandingDeps,
  member: Member,
  input: z.infer<typeof uploadBrandLogoRequestSchema>,
): Promise<TeamBranding> {
  requireBrandingAdministrator(member);
  const bytes = Buffer.from(input.data, "base64");
  if (bytes.length > BRAND_LOGO_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", {
      message: "The logo is too large: it must be under 256 KB.",
      suggestion: "Choose a smaller image, or reduce its size before uploading it.",
    });
  }
  let stored: Buffer = bytes;
  let contentType: "image/png" | "image/jpeg" = "image/png";
  if (input.contentType === "image/svg+xml") {
    const png = await rasteriseSvgLogo(bytes);
    if (png === null) throw notAnImage();
    stored = png;
  } else {
    const size = logoDimensions(bytes);
    if (size === null || size.type !== input.contentType) throw notAnImage();
    if (!logoSidesAccepted(size)) {
      throw new AppError("VALIDATION_ERROR", {
        message: "The logo is too large: at most 1024 pixels on each side.",
        suggestion: "Resize the image before uploading it.",
        fields: [{ path: "data", code: "custom", message: "image_too_large" }],
      });
    }
    contentType = size.type;
  }
  const key = randomBytes(16).toString("hex");
  await deps.blobStore.put(logoBlobKey(key), stored, { contentType });
  const at = new Date(deps.now());
  const { previous, row } = await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("teamBranding")
      .select("logoKey")
      .where("teamId", "=", member.teamId)
      .forUpdate()
      .executeTakeFirst();
    const saved = await trx
      .insertInto("teamBranding")
      .values({
        teamId: member.teamId,
        logoKey: key,
        logoContentType: contentType,
        updatedAt: at,
      })
      .onConflict((oc) =>
        oc
          .column("teamId")
          .doUpdateSet({ logoKey: key, logoContentType: contentType, updatedAt: at }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return { previous: before?.logoKey ?? null, row: saved };
  });
  if (previous !== null) await deps.blobStore.delete(logoBlobKey(previous));
  return view(deps.config, row);
}

/** `/branding/remove-logo`: back to no logo (the team's name shows). */
export async function removeBrandLogo(deps: BrandingDeps, member: Member): Promise<TeamBranding> {
  requireBrandingAdministrator(member);
  const before = await loadRow(deps.db, member.teamId);
  if (before?.logoKey == null) return view(deps.config, before);
  const row = await deps.db
    .updateTable("teamBranding")
    .set({ logoKey: null, logoContentType: null, updatedAt: new Date(deps.now()) })
    .where("teamId", "=", member.teamId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await deps.blobStore.delete(logoBlobKey(before.logoKey));
  return view(deps.config, row);
}
