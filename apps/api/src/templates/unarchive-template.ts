import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockTemplateFor } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";
import { isTemplateComplete, statusAfterChange } from "./template-status";

/**
 * Brings an archived template back as a draft (incomplete when it has no role or no signature
 * field), to be activated again; a template that is not archived keeps its status. Needs the
 * Template update permission on `status`.
 */
export async function unarchiveTemplate(
  deps: EnvelopeDeps,
  member: Member,
  templateId: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateFor(trx, member, templateId, "update", "status");
    if (template.templateStatus !== "archived") return;
    await trx
      .updateTable("envelope")
      .set({
        templateStatus: statusAfterChange("draft", await isTemplateComplete(trx, template.id)),
        updatedAt: new Date(deps.now()),
      })
      .where("id", "=", template.id)
      .execute();
  });
}
