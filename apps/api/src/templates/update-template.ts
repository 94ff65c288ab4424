import type { updateTemplateRequestSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockTemplateFor } from "../envelopes/envelope-store";
import { requirePermission, type Member } from "../membership/members";
import { templateSubject } from "../envelopes/envelope-access";
import { checkOptions, optionColumns, restepRecipients } from "../envelopes/update-envelope";

/**
 * The title, the default message and the options (signing order included) of a template, in any
 * status: an active template stays usable. The role's rules (fields `title` and `options`) are
 * checked on the locked row.
 */
export async function updateTemplate(
  deps: EnvelopeDeps,
  member: Member,
  templateId: string,
  input: Pick<z.infer<typeof updateTemplateRequestSchema>, "title" | "options">,
): Promise<void> {
  const options = input.options ?? {};
  const changesOptions = checkOptions(options, deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateFor(
      trx,
      member,
      templateId,
      "update",
      changesOptions ? "options" : undefined,
    );
    if (input.title !== undefined) {
      requirePermission(member, "update", templateSubject(template), "title");
    }
    await trx
      .updateTable("envelope")
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...optionColumns(options),
        updatedAt: new Date(deps.now()),
      })
      .where("id", "=", template.id)
      .execute();
    if (options.signingOrder !== undefined) {
      await restepRecipients(trx, template.id, options.signingOrder);
    }
  });
}
