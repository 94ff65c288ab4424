import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockTemplateFor } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";
import { replaceTags } from "../tags/set-envelope-tags";

/**
 * Replaces the tags of a template with `tagIds`, tags of the member's team (another team's or a
 * deleted one is NOT_FOUND). Needs the Template update permission on the field `tags`, checked on
 * the locked row; the template's `updatedAt` stays (tags only label it).
 */
export async function setTemplateTags(
  deps: EnvelopeDeps,
  member: Member,
  templateId: string,
  tagIds: readonly string[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateFor(trx, member, templateId, "update", "tags");
    await replaceTags(trx, member, template.id, tagIds);
  });
}
