import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockTemplateFor } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";

/**
 * Archives a template, whatever its status: it creates no envelope until unarchived. Envelopes
 * already created from it are not touched. Needs the Template update permission on `status`.
 */
export async function archiveTemplate(
  deps: EnvelopeDeps,
  member: Member,
  templateId: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateFor(trx, member, templateId, "update", "status");
    await trx
      .updateTable("envelope")
      .set({ templateStatus: "archived", updatedAt: new Date(deps.now()) })
      .where("id", "=", template.id)
      .execute();
  });
}
