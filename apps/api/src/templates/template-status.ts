import type { Kysely } from "kysely";
import type { Database, TemplateStatus } from "../db/database";

/**
 * Whether a template can make envelopes as far as its content goes (spec §4): at least one role
 * and at least one signature field, which must belong to a signer role: approvers fill in nothing,
 * so a template whose roles are all approvers is incomplete. A template that is not is
 * `incomplete`.
 */
export async function isTemplateComplete(
  trx: Kysely<Database>,
  templateId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom("envelope")
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom("field")
            .innerJoin("recipient", "recipient.id", "field.recipientId")
            .select("field.id")
            .where("field.envelopeId", "=", templateId)
            .where("field.kind", "=", "signature")
            .where("recipient.kind", "=", "signer"),
        )
        .as("hasSignerSignature"),
    ])
    .where("id", "=", templateId)
    .executeTakeFirstOrThrow();
  return row.hasSignerSignature === true;
}

/**
 * The status a template has after its content changed, from the status it had: an archived one
 * stays archived; one that lost its signer roles or their signature field becomes incomplete (an active
 * one too: it can no longer be used); an incomplete one that became complete is a draft; a draft
 * or an active one that stays complete keeps its status.
 */
export function statusAfterChange(current: TemplateStatus, complete: boolean): TemplateStatus {
  if (current === "archived") return "archived";
  if (!complete) return "incomplete";
  return current === "incomplete" ? "draft" : current;
}

/**
 * Keeps the status of the template `templateId`, locked by the caller, in line with its content
 * (see {@link statusAfterChange}); call it in the transaction of every change of roles or fields.
 */
export async function syncTemplateStatus(
  trx: Kysely<Database>,
  templateId: string,
  current: TemplateStatus,
): Promise<TemplateStatus> {
  const next = statusAfterChange(current, await isTemplateComplete(trx, templateId));
  if (next !== current) {
    await trx
      .updateTable("envelope")
      .set({ templateStatus: next })
      .where("id", "=", templateId)
      .execute();
  }
  return next;
}
