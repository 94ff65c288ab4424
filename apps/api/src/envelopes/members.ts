import {
  asSubject,
  buildAbility,
  type Action,
  type AppAbility,
  type PermissionRule,
  type TaggedSubject,
} from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database, EnvelopeRow, Language } from "../db/database";
import { AppError } from "../errors/app-error";
import { workspaceNotFound } from "../workspaces/workspace-store";

/** The signed-in member behind a session call: their team, role abilities and language. */
export interface Member {
  userId: string;
  email: string;
  name: string;
  language: Language;
  teamId: string;
  teamName: string;
  ability: AppAbility;
  /**
   * Set when a team API key calls in this member's name (they created it): `ability` is then the
   * key's own rules (`api-keys/api-key-member.ts`).
   */
  apiKey?: { id: string; description: string };
}

/** A person's display name: first and last name, or the email without them. */
export function displayName(person: {
  firstname: string | null;
  lastname: string | null;
  email: string;
}): string {
  const name = [person.firstname, person.lastname].filter(Boolean).join(" ").trim();
  return name === "" ? person.email : name;
}

/** The member behind `userId`; FORBIDDEN when they have no team yet. */
export async function requireMember(
  { db }: { db: Kysely<Database> },
  userId: string,
): Promise<Member> {
  const row = await db
    .selectFrom("appUser")
    .innerJoin("teamMember", "teamMember.userId", "appUser.id")
    .innerJoin("team", "team.id", "teamMember.teamId")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select([
      "appUser.email",
      "appUser.firstname",
      "appUser.lastname",
      "appUser.preferredLanguage",
      "team.id as teamId",
      "team.name as teamName",
      "role.permissions",
    ])
    .where("appUser.id", "=", userId)
    .executeTakeFirst();
  if (row === undefined) {
    throw new AppError("FORBIDDEN", {
      message: "You are not a member of a team.",
      suggestion: "Create or join a team first.",
    });
  }
  return {
    userId,
    email: row.email,
    name: displayName(row),
    language: row.preferredLanguage,
    teamId: row.teamId,
    teamName: row.teamName,
    ability: buildAbility(row.permissions as PermissionRule[]),
  };
}

type CheckedSubject = "Envelope" | "Template" | "Workspace" | "Contact" | "Team";

/**
 * FORBIDDEN unless the member's role allows `action` on `subject`: a subject type, or a record
 * tagged with {@link envelopeSubject} or {@link contactSubject} so that rule conditions apply to it.
 * With `field`, field rules apply too (`fields: ["title"]` allows changing the title only).
 */
export function requirePermission(
  member: Member,
  action: Action,
  subject: CheckedSubject | TaggedSubject<CheckedSubject>,
  field?: string,
): void {
  if (!member.ability.can(action, subject, field)) {
    const type = typeof subject === "string" ? subject : subject.__caslSubjectType__;
    throw new AppError("FORBIDDEN", {
      message: `Your role does not allow you to ${action} ${field === undefined ? "" : `the ${field} of `}${type.toLowerCase()}s${typeof subject === "string" ? "" : " like this one"}.`,
    });
  }
}

/**
 * An envelope as role conditions see it (`{ "ownerId": "<user uuid>" }`, `{ "status": "draft" }`):
 * the fields rules may name, tagged as an `Envelope`.
 */
export function envelopeSubject(envelope: EnvelopeRow) {
  return asSubject("Envelope", {
    id: envelope.id,
    teamId: envelope.teamId,
    workspaceId: envelope.workspaceId,
    ownerId: envelope.ownerUserId,
    status: envelope.status,
    title: envelope.title,
    signatureLevel: envelope.signatureLevel,
    signingOrder: envelope.signingOrder,
  });
}

/**
 * A template as role conditions see it (`{ "ownerId": ... }`, `{ "status": "active" }`), tagged
 * as a `Template`; `status` is the template's status.
 */
export function templateSubject(template: EnvelopeRow) {
  return asSubject("Template", {
    id: template.id,
    teamId: template.teamId,
    workspaceId: template.workspaceId,
    ownerId: template.ownerUserId,
    status: template.templateStatus,
    title: template.title,
  });
}

/**
 * The member's own team as role conditions see it, tagged as a `Team`: checks on the team pass it
 * with the field at stake (`members`, `roles`, `tags`, `sso`, `webhooks`, `subscription`), so that a
 * rule limited to other fields or to another team does not allow them.
 */
export function teamSubject(member: Pick<Member, "teamId">) {
  return asSubject("Team", { id: member.teamId });
}

/** A contact of a workspace as role conditions see it, tagged as a `Contact`. */
export function contactSubject(contact: { workspaceId: string; email: string }) {
  return asSubject("Contact", {
    workspaceId: contact.workspaceId,
    email: contact.email,
  });
}

export const envelopeNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This envelope does not exist or you cannot see it." });

export const templateNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This template does not exist or you cannot see it." });

/**
 * The envelope `envelopeId` as `member` may see it: of their team, in a workspace they belong to,
 * and their role allows reading this very envelope (rule conditions apply to the row). Any other
 * envelope answers NOT_FOUND (its existence is never revealed); a visible one the role does not
 * allow `action` on answers FORBIDDEN. Commands that change the envelope check again on the row
 * they lock (`envelope-store.ts`).
 */
export async function findEnvelopeForMember(
  deps: { db: Kysely<Database> },
  member: Member,
  envelopeId: string,
  action: Action,
): Promise<EnvelopeRow> {
  return findEnvelopeRowForMember(deps, member, envelopeId, "envelope", action);
}

const ROW_KINDS = {
  envelope: { subject: "Envelope", toSubject: envelopeSubject, notFound: envelopeNotFound },
  template: { subject: "Template", toSubject: templateSubject, notFound: templateNotFound },
} as const;

/**
 * The envelope row of `kind` (an envelope or a template) as `member` may see it, under the rules
 * of {@link findEnvelopeForMember}: of their team, in a workspace they belong to, readable by their
 * role (NOT_FOUND otherwise), and allowing `action` (FORBIDDEN otherwise).
 */
export async function findEnvelopeRowForMember(
  { db }: { db: Kysely<Database> },
  member: Member,
  id: string,
  kind: keyof typeof ROW_KINDS,
  action: Action,
): Promise<EnvelopeRow> {
  const { subject: subjectType, toSubject, notFound } = ROW_KINDS[kind];
  if (!member.ability.can("read", subjectType)) throw notFound();
  const row = await db
    .selectFrom("envelope")
    .selectAll("envelope")
    .where("envelope.id", "=", id)
    .where("envelope.kind", "=", kind)
    .where("envelope.teamId", "=", member.teamId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("workspaceMember")
          .select("workspaceMember.userId")
          .whereRef("workspaceMember.workspaceId", "=", "envelope.workspaceId")
          .where("workspaceMember.userId", "=", member.userId),
      ),
    )
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  const subject = toSubject(row);
  if (!member.ability.can("read", subject)) throw notFound();
  requirePermission(member, action, subject);
  return row;
}

/**
 * A workspace of the member's team that they belong to; NOT_FOUND otherwise. A command that then
 * writes into it holds it in its transaction (`holdWorkspaceRow`), since it may go meanwhile.
 */
export async function findWorkspaceForMember(
  db: Kysely<Database>,
  member: Member,
  workspaceId: string | undefined,
): Promise<{ id: string; name: string }> {
  let query = db
    .selectFrom("workspace")
    .innerJoin("workspaceMember", "workspaceMember.workspaceId", "workspace.id")
    .select(["workspace.id", "workspace.name"])
    .where("workspace.teamId", "=", member.teamId)
    .where("workspaceMember.userId", "=", member.userId);
  query =
    workspaceId === undefined
      ? query.where("workspace.isDefault", "=", true)
      : query.where("workspace.id", "=", workspaceId);
  const workspace = await query.executeTakeFirst();
  if (workspace === undefined) throw workspaceNotFound();
  return workspace;
}
