import { AppError } from "../errors/app-error";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockTemplateFor } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";
import { isTemplateComplete } from "./template-status";

/**
 * Activates a draft template: from then on envelopes are created from it. An incomplete one (no
 * role, no signature field) answers VALIDATION_ERROR; an archived one CONFLICT (unarchive it
 * first); an active one stays active. Needs the Template update permission on the field `status`.
 */
export async function activateTemplate(
  deps: EnvelopeDeps,
  member: Member,
  templateId: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateFor(trx, member, templateId, "update", "status");
    if (template.templateStatus === "archived") {
      throw new AppError("CONFLICT", {
        message: "An archived template cannot be activated.",
        reason: "template_archived",
        suggestion: "Unarchive the template first.",
      });
    }
    if (!(await isTemplateComplete(trx, template.id))) {
      throw new AppError("VALIDATION_ERROR", {
        message: "A template needs at least one recipient and a signature field to be activated.",
        suggestion: "Add a recipient and a signature field, then activate it.",
        fields: [{ path: "templateUuid", code: "custom", message: "template_incomplete" }],
      });
    }
    await trx
      .updateTable("envelope")
      .set({ templateStatus: "active", updatedAt: new Date(deps.now()) })
      .where("id", "=", template.id)
      .execute();
  });
}
