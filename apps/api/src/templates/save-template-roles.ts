import type { templateRoleInputSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { newRecipientLink } from "../envelopes/access-links";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockTemplateFor } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";
import { makeRoomForRecipients } from "../envelopes/recipient-rows";
import { removeFieldsOfApprovers } from "../envelopes/save-fields";
import { refuseUnavailableSms } from "../envelopes/sms-check";
import { stepsToStore } from "../envelopes/turns";
import { syncTemplateStatus } from "./template-status";

type ParsedRoleInput = z.infer<typeof templateRoleInputSchema>;

/**
 * Replaces the roles of a template, in order, each in its signing step (as an envelope's
 * recipients, `stepsToStore`). A role is a signer or an approver. A role
 * given with its uuid is kept (its fields stay assigned, unless it becomes an approver: approvers
 * have no fields); roles left out are removed with their fields. Labels are unique in the
 * template regardless of case (the contract refuses a repeated one with `label_taken`). A role has
 * no email or name: people are chosen for it when an envelope is created. The template's status
 * follows (incomplete without a signer role). Checked on the locked template.
 */
export async function saveTemplateRoles(
  deps: EnvelopeDeps,
  member: Member,
  templateId: string,
  roles: readonly ParsedRoleInput[],
): Promise<void> {
  refuseUnavailableSms(deps.config, roles, "roles");
  await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateFor(trx, member, templateId, "update", "recipients");
    await makeRoomForRecipients(trx, template.id, roles, "roles", "label");
    // A role that becomes an approver fills in nothing: its fields go, as for an envelope's.
    await removeFieldsOfApprovers(trx, roles);
    const steps = stepsToStore(template.signingOrder, roles);
    for (const [index, role] of roles.entries()) {
      const values = {
        label: role.label,
        position: index + 1,
        kind: role.kind,
        step: steps[index] ?? 1,
        verification: role.kind === "signer" ? role.verification : "none",
      };
      if (role.uuid !== undefined) {
        await trx.updateTable("recipient").set(values).where("id", "=", role.uuid).execute();
      } else {
        await trx
          .insertInto("recipient")
          .values({
            ...values,
            email: "",
            firstname: "",
            lastname: "",
            ...newRecipientLink(deps.linkKey),
            envelopeId: template.id,
          })
          .execute();
      }
    }
    await trx
      .updateTable("envelope")
      .set({ updatedAt: new Date(deps.now()) })
      .where("id", "=", template.id)
      .execute();
    await syncTemplateStatus(trx, template.id, template.templateStatus ?? "incomplete");
  });
}
