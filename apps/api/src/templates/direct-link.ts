import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type {
  DirectLink,
  GetDirectLinkResponse,
  RotateDirectLinkResponse,
  SaveDirectLinkRequest,
  SaveDirectLinkResponse,
} from "@paraphe/api-sdk/contract";
import { saveDirectLinkRequestSchema } from "@paraphe/api-sdk/contract";
import type { Selectable } from "kysely";
import type { Database } from "../db/database";
import type { DirectLinkPerson } from "../db/tables/direct-links";
import { AppError } from "../errors/app-error";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { loadRecipients } from "../envelopes/views";
import type { Member } from "../membership/members";
import { findTemplateForMember } from "./template-access";

/*
 * A template's direct link (`/d/<token>` on the signing site): turned on, changed, rotated or off
 * by a member who may update the template (Owner, Admin, a sender with the template permission).
 * The token is 24 random bytes (base64url, 32 characters), shown once; the database keeps its
 * SHA-256 only, so a copy of the database opens no link. Rotating replaces the hash: the old link
 * stops at once.
 */

type LinkRow = Selectable<Database["templateDirectLink"]>;

/** A fresh token (base64url, 32 characters). */
function newDirectLinkToken(): string {
  return randomBytes(24).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, lowercase hex. */
export function directLinkTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `token` is the one whose hash is `storedHash`, compared in constant time. */
export function isDirectLinkTokenOf(token: string, storedHash: string): boolean {
  const given = Buffer.from(directLinkTokenHash(token), "utf8");
  const stored = Buffer.from(storedHash, "utf8");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The link as its team sees it. */
export function directLinkView(row: LinkRow): DirectLink {
  return {
    enabled: row.enabled,
    roleUuid: row.roleId,
    others: row.others.map((person) => ({
      roleUuid: person.roleId,
      email: person.email,
      firstname: person.firstname,
      lastname: person.lastname,
    })),
    maxUses: row.maxUses,
    usesPerHour: row.usesPerHour,
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const noLink = (): AppError =>
  new AppError("NOT_FOUND", {
    message: "This template has no direct link.",
    suggestion: "Turn the direct link on first.",
  });

async function loadLink(deps: EnvelopeDeps, templateId: string): Promise<LinkRow | undefined> {
  return deps.db
    .selectFrom("templateDirectLink")
    .selectAll()
    .where("templateId", "=", templateId)
    .executeTakeFirst();
}

/** POST /template/direct-link/get: the template's link, or null (reading the template suffices). */
export async function getDirectLink(
  deps: EnvelopeDeps,
  member: Member,
  templateUuid: string,
): Promise<GetDirectLinkResponse> {
  const template = await findTemplateForMember(deps, member, templateUuid, "read");
  const row = await loadLink(deps, template.id);
  return { link: row === undefined ? null : directLinkView(row) };
}

const invalid = (path: string, message: string, english: string): AppError =>
  new AppError("VALIDATION_ERROR", {
    message: english,
    fields: [{ path, code: "custom", message }],
  });

/**
 * POST /template/direct-link/save: turns the link on (a new token the first time, returned once)
 * or changes its role, people and limits (people not given again stay as they were); turning it
 * on again keeps its token. The template must
 * be active (CONFLICT `template_not_active`); the role must be one of its signer roles; every other
 * role needs a person, given here or the role's default one (`select_all_recipients`).
 */
export async function saveDirectLink(
  deps: EnvelopeDeps,
  member: Member,
  request: SaveDirectLinkRequest,
): Promise<SaveDirectLinkResponse> {
  const input = saveDirectLinkRequestSchema.parse(request);
  const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
  if (template.templateStatus !== "active") {
    throw new AppError("CONFLICT", {
      message: "Only an active template can have a direct link.",
      reason: "template_not_active",
      suggestion: "Complete the template and activate it.",
    });
  }
  const roles = await loadRecipients(deps.db, template.id);
  const role = roles.find((candidate) => candidate.id === input.roleUuid);
  if (role === undefined || role.kind !== "signer") {
    throw invalid("roleUuid", "not_signer_role", "The direct link must be for a signer role.");
  }
  const existing = await loadLink(deps, template.id);
  // People not given again stay as the link had them.
  const given = new Map([
    ...(existing?.others ?? []).map(
      (person) => [person.roleId, { ...person, roleUuid: person.roleId }] as const,
    ),
    ...input.others.map((person) => [person.roleUuid, person] as const),
  ]);
  const others: DirectLinkPerson[] = [];
  for (const other of roles) {
    if (other.id === role.id) continue;
    const person = given.get(other.id);
    if (person !== undefined) {
      others.push({
        roleId: other.id,
        email: person.email,
        firstname: person.firstname,
        lastname: person.lastname,
      });
    } else if (other.email !== "") {
      others.push({
        roleId: other.id,
        email: other.email,
        firstname: other.firstname,
        lastname: other.lastname,
      });
    } else {
      throw invalid(
        "others",
        "select_all_recipients",
        "Please select a person for every other recipient of the template.",
      );
    }
  }
  if (input.others.some((person) => !roles.some((other) => other.id === person.roleUuid))) {
    throw invalid("others", "not_found", "Some recipients are not roles of the template.");
  }
  const at = new Date(deps.now());
  const token = existing === undefined ? newDirectLinkToken() : undefined;
  const values = {
    roleId: role.id,
    others: JSON.stringify(others),
    enabled: true,
    maxUses: input.maxUses,
    usesPerHour: input.usesPerHour,
    updatedAt: at,
  };
  const row =
    token === undefined
      ? await deps.db
          .updateTable("templateDirectLink")
          .set(values)
          .where("templateId", "=", template.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await deps.db
          .insertInto("templateDirectLink")
          .values({
            ...values,
            templateId: template.id,
            teamId: member.teamId,
            tokenHash: directLinkTokenHash(token),
            createdByUserId: member.userId,
            createdAt: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
  return { link: directLinkView(row), ...(token === undefined ? {} : { token }) };
}

/** POST /template/direct-link/rotate: a new token, returned once; the old link stops at once. */
export async function rotateDirectLink(
  deps: EnvelopeDeps,
  member: Member,
  templateUuid: string,
): Promise<RotateDirectLinkResponse> {
  const template = await findTemplateForMember(deps, member, templateUuid, "update");
  const token = newDirectLinkToken();
  const row = await deps.db
    .updateTable("templateDirectLink")
    .set({ tokenHash: directLinkTokenHash(token), updatedAt: new Date(deps.now()) })
    .where("templateId", "=", template.id)
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) throw noLink();
  return { link: directLinkView(row), token };
}

/** POST /template/direct-link/disable: the link stops until turned on again. */
export async function disableDirectLink(
  deps: EnvelopeDeps,
  member: Member,
  templateUuid: string,
): Promise<GetDirectLinkResponse> {
  const template = await findTemplateForMember(deps, member, templateUuid, "update");
  const row = await deps.db
    .updateTable("templateDirectLink")
    .set({ enabled: false, updatedAt: new Date(deps.now()) })
    .where("templateId", "=", template.id)
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) throw noLink();
  return { link: directLinkView(row) };
}
