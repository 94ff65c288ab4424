import type { Kysely } from "kysely";
import type { Database, TemplateStatus } from "../db/database";

/**
 * Whether a template can make envelopes as far as its content goes (spec §4): at least one role
 * and at least one signature field. A template that is not is `incomplete`.
 */
export async function isTemplateComplete(
  trx: Kysely<Database>,
  templateId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom("envelope")
    .select((eb) => [
      eb
        .exists(eb.selectFrom("recipient").select("id").where("envelopeId", "=", templateId))
        .as("hasRoles"),
      eb
        .exists(
          eb
            .selectFrom("field")
            .select("id")
            .where("envelopeId", "=", templateId)
            .where("kind", "=", "signature"),
        )
        .as("hasSignature"),
    ])
    .where("id", "=", templateId)
    .executeTakeFirstOrThrow();
  return row.hasRoles === true && row.hasSignature === true;
}

/**
 * The status a template has after its content changed, from the status it had: an archived one
 * stays archived; one that lost its roles or its signature field becomes incomplete (an active
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
