import type { Action } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import {
  requirePermission,
  templateNotFound,
  templateSubject,
  type Member,
} from "../envelopes/members";

/**
 * The template `templateId` as `member` may see it: of their team, in a workspace they belong to,
 * and their role allows reading this very template (rule conditions apply to the row). Any other
 * template, and any envelope, answers NOT_FOUND (its existence is never revealed); a visible one
 * the role does not allow `action` on answers FORBIDDEN. Commands that change the template check
 * again on the row they lock (`lockTemplateFor`).
 */
export async function findTemplateForMember(
  { db }: { db: Kysely<Database> },
  member: Member,
  templateId: string,
  action: Action,
): Promise<EnvelopeRow> {
  if (!member.ability.can("read", "Template")) throw templateNotFound();
  const template = await db
    .selectFrom("envelope")
    .selectAll("envelope")
    .where("envelope.id", "=", templateId)
    .where("envelope.kind", "=", "template")
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
  if (template === undefined) throw templateNotFound();
  const subject = templateSubject(template);
  if (!member.ability.can("read", subject)) throw templateNotFound();
  requirePermission(member, action, subject);
  return template;
}
