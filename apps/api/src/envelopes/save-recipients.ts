import type { recipientInputSchema } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database, EnvelopeRow } from "../db/database";
import { newRecipientLink } from "./access-links";
import type { EnvelopeDeps } from "./envelope-deps";
import { lockDraftFor } from "./envelope-store";
import { makeRoomForRecipients } from "./recipient-rows";
import { removeFieldsOfApprovers } from "./save-fields";
import { refuseUnavailableSms } from "./sms-check";
import { contactSubject } from "../membership/contact-subject";
import { requirePermission, type Member } from "../membership/members";
import { stepsToStore } from "./turns";
import { holdWorkspaceIfPresent, holdWorkspaceRow } from "../workspaces/workspace-store";

/** A recipient as the contract's schema parsed it (phone normalised, saveToContacts defaulted). */
type ParsedRecipientInput = z.infer<typeof recipientInputSchema>;

/**
 * Replaces the recipients of a draft, in order, each in their signing step (`stepsToStore`: the
 * envelope's preset, or in custom order the steps given, renumbered without gaps; the contract
 * refuses a step past the number of recipients). A recipient given with its uuid is kept
 * (its fields stay assigned, unless it becomes an approver: approvers have no fields); recipients
 * left out are removed with their fields. Recipients marked
 * `saveToContacts` are upserted into the envelope's workspace contacts, which needs the role to
 * allow creating (new email) or updating (known email) that contact. Checked on the locked draft.
 */
export async function saveRecipients(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  recipients: readonly ParsedRecipientInput[],
): Promise<void> {
  refuseUnavailableSms(deps.config, recipients, "recipients");
  const savesContacts = recipients.some((recipient) => recipient.saveToContacts);
  await deps.db.transaction().execute(async (trx) => {
    // Writing contacts into the envelope's workspace: hold that workspace before locking the
    // envelope, the order a workspace delete takes them in (workspace, then its envelopes), so the
    // two wait for each other instead of deadlocking.
    const held = savesContacts ? await holdEnvelopeWorkspace(trx, member, envelopeId) : null;
    const envelope = await lockDraftFor(trx, member, envelopeId, "update", "recipients");
    if (held !== null && held !== envelope.workspaceId) {
      // Moved between the read and the lock: its new workspace is held too before writing there.
      await holdWorkspaceRow(trx, member.teamId, envelope.workspaceId);
    }
    await requireContactWrites(trx, member, envelope, recipients);
    await makeRoomForRecipients(trx, envelope.id, recipients, "recipients", "email");
    await removeFieldsOfApprovers(trx, recipients);
    const steps = stepsToStore(envelope.signingOrder, recipients);
    for (const [index, recipient] of recipients.entries()) {
      const values = {
        email: recipient.email,
        firstname: recipient.firstname,
        lastname: recipient.lastname,
        phone: recipient.phone,
        position: index + 1,
        kind: recipient.kind,
        step: steps[index] ?? 1,
        // Only a signer signs, so only a signer's signature waits for a check.
        verification: recipient.kind === "signer" ? recipient.verification : "none",
      };
      if (recipient.uuid !== undefined) {
        await trx.updateTable("recipient").set(values).where("id", "=", recipient.uuid).execute();
      } else {
        await trx
          .insertInto("recipient")
          .values({ ...values, ...newRecipientLink(deps.linkKey), envelopeId: envelope.id })
          .execute();
      }
      if (recipient.saveToContacts) {
        await trx
          .insertInto("contact")
          .values({
            workspaceId: envelope.workspaceId,
            email: recipient.email,
            firstname: recipient.firstname,
            lastname: recipient.lastname,
            phone: recipient.phone,
          })
          .onConflict((oc) =>
            oc.columns(["workspaceId", "email"]).doUpdateSet({
              firstname: recipient.firstname,
              lastname: recipient.lastname,
              phone: recipient.phone,
              updatedAt: new Date(deps.now()),
            }),
          )
          .execute();
      }
    }
    await trx
      .updateTable("envelope")
      .set({ updatedAt: new Date(deps.now()) })
      .where("id", "=", envelope.id)
      .execute();
  });
}

/**
 * Holds the workspace the team's envelope sits in and answers it (null when there is no such
 * envelope). A workspace deleted between the read and the hold has moved its envelopes: read again.
 */
async function holdEnvelopeWorkspace(
  trx: Kysely<Database>,
  member: Member,
  envelopeId: string,
): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    const row = await trx
      .selectFrom("envelope")
      .select("workspaceId")
      .where("id", "=", envelopeId)
      .where("teamId", "=", member.teamId)
      .executeTakeFirst();
    if (row === undefined) return null;
    const held = await holdWorkspaceIfPresent(trx, member.teamId, row.workspaceId);
    if (held !== undefined || attempt === 3) return held === undefined ? null : held.id;
  }
}

/** FORBIDDEN unless the role may create or update each contact that `saveToContacts` writes. */
async function requireContactWrites(
  trx: Kysely<Database>,
  member: Member,
  envelope: EnvelopeRow,
  recipients: readonly ParsedRecipientInput[],
): Promise<void> {
  const emails = recipients.filter((r) => r.saveToContacts).map((r) => r.email);
  if (emails.length === 0) return;
  const known = await trx
    .selectFrom("contact")
    .select("email")
    .where("workspaceId", "=", envelope.workspaceId)
    .where("email", "in", emails)
    .execute();
  const knownEmails = new Set(known.map((row) => row.email));
  for (const email of emails) {
    requirePermission(
      member,
      knownEmails.has(email) ? "update" : "create",
      contactSubject({ workspaceId: envelope.workspaceId, email }),
    );
  }
}
