import { randomUUID } from "node:crypto";
import type { createTemplateFromEnvelopeRequestSchema } from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import type { z } from "zod";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../envelopes/envelope-access";
import { requirePermission, type Member } from "../membership/members";
import { copyEnvelopeContent } from "./copy-envelope-content";
import { syncTemplateStatus } from "./template-status";

/**
 * Saves an envelope the member may read (any status) as a new template of its workspace: its
 * original documents (copied), its options (no expiry), its fields, and its recipients turned
 * into roles labelled by their names ("Recipient N" for one without a name). The template starts
 * as a draft, or incomplete without recipients or a signature field. Needs the Template create
 * permission in the envelope's workspace.
 */
export async function createTemplateFromEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  input: z.infer<typeof createTemplateFromEnvelopeRequestSchema>,
): Promise<string> {
  const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "read");
  requirePermission(member, "create", "Template");
  requirePermission(
    member,
    "create",
    asSubject("Template", {
      teamId: member.teamId,
      workspaceId: envelope.workspaceId,
      ownerId: member.userId,
    }),
  );
  const templateId = randomUUID();
  const stored: string[] = [];
  const at = new Date(deps.now());
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("envelope")
        .values({
          id: templateId,
          teamId: member.teamId,
          workspaceId: envelope.workspaceId,
          ownerUserId: member.userId,
          title: input.title ?? envelope.title,
          kind: "template",
          templateStatus: "draft",
          signatureLevel: envelope.signatureLevel,
          senderName: envelope.senderName,
          message: envelope.message,
          initialsOnAllPages: envelope.initialsOnAllPages,
          allowDelegation: envelope.allowDelegation,
          reminderDays: envelope.reminderDays,
          signingOrder: envelope.signingOrder,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      const labels = new Set<string>();
      await copyEnvelopeContent(
        deps,
        trx,
        envelope.id,
        templateId,
        (recipient, index) => {
          const label = uniqueLabel(roleLabel(recipient, index), labels);
          return { label, email: "", firstname: "", lastname: "" };
        },
        stored,
      );
      await syncTemplateStatus(trx, templateId, "draft");
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.blobStore.delete(key)));
    throw error;
  }
  return templateId;
}

/** A recipient's name as a role's label, or "Recipient N" (1-based) without one. */
function roleLabel(recipient: { firstname: string; lastname: string }, index: number): string {
  const name = `${recipient.firstname} ${recipient.lastname}`.trim().slice(0, 240);
  return name === "" ? `Recipient ${index + 1}` : name;
}

/** `label`, or `label (2)`, `label (3)`, ... when a role already has it (regardless of case). */
function uniqueLabel(label: string, taken: Set<string>): string {
  let candidate = label;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${label} (${n})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
