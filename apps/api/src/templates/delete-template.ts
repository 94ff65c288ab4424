import { deleteEnvelopeRow } from "../envelopes/delete-draft";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockTemplateFor } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";

/**
 * Deletes a template with its files, whatever its status. Envelopes created from it are
 * independent copies (their own rows and files) and stay as they are.
 */
export async function deleteTemplate(
  deps: EnvelopeDeps,
  member: Member,
  templateId: string,
): Promise<void> {
  const keys = await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateFor(trx, member, templateId, "delete");
    return deleteEnvelopeRow(trx, template.id);
  });
  await Promise.allSettled([...keys].map((key) => deps.blobStore.delete(key)));
}
