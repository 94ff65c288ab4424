import type { Action } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import { findEnvelopeRowForMember } from "../envelopes/envelope-access";
import { type Member } from "../membership/members";

/**
 * The template `templateId` as `member` may see it: of their team, in a workspace they belong to,
 * and their role allows reading this very template (rule conditions apply to the row). Any other
 * template, and any envelope, answers NOT_FOUND (its existence is never revealed); a visible one
 * the role does not allow `action` on answers FORBIDDEN. Commands that change the template check
 * again on the row they lock (`lockTemplateFor`).
 */
export async function findTemplateForMember(
  deps: { db: Kysely<Database> },
  member: Member,
  templateId: string,
  action: Action,
): Promise<EnvelopeRow> {
  return findEnvelopeRowForMember(deps, member, templateId, "template", action);
}
