import { asSubject, type Action } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { type Member, requirePermission } from "../membership/members";

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
