import type { fieldInputSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockTemplateFor } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";
import { replaceFields } from "../envelopes/save-fields";
import { syncTemplateStatus } from "./template-status";

/**
 * Replaces the fields of a template, placed per role (`recipientUuid` is a role's uuid), with the
 * envelope editor's rules (`replaceFields`). The template's status follows (incomplete without a
 * signature field). Checked on the locked template.
 */
export async function saveTemplateFields(
  deps: EnvelopeDeps,
  member: Member,
  templateId: string,
  fields: readonly z.infer<typeof fieldInputSchema>[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateFor(trx, member, templateId, "update", "fields");
    await replaceFields(trx, template.id, fields, new Date(deps.now()));
    await syncTemplateStatus(trx, template.id, template.templateStatus ?? "incomplete");
  });
}
