import type { AccessLink } from "@paraphe/api-sdk/contract";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { enqueueJob } from "../jobs/queue";
import { sealEnvelopeJob } from "./job-definitions";
import type { RequestOrigin } from "./request-origin";
import { verifyAccessLink } from "./link-access";
import { requireEveryPageRead } from "./page-reads";
import { advanceSteps } from "./signing-steps";
import { actingStatus, isTurn } from "./turns";
import { loadDocuments, loadRecipients, personOf } from "./views";

const conflict = (message: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the page." });

/** FORBIDDEN unless the recipient is an approver: signers sign or decline. */
export function requireApprover(recipient: RecipientRow): void {
  if (recipient.kind === "approver") return;
  throw new AppError("FORBIDDEN", {
    message: "You are asked to sign this document, not to approve it.",
    suggestion: "Sign or decline the document.",
  });
}

/**
 * POST /envelope/approve. Refused unless the link is valid, its recipient is an approver who has
 * neither approved nor rejected, the envelope is being approved, it is their turn (every earlier
 * step ended, `turns.ts`) and they were served every page of every document. Under the envelope's
 * lock, so a double submission approves once (the second answers CONFLICT). The last approval of
 * a step's approvers moves the envelope to `signing` and invites that step's signers, or ends the
 * step and starts the next (`signing-steps.ts`); when everyone has acted, the envelope is sealed.
 */
export async function approveEnvelope(
  deps: EnvelopeDeps,
  link: AccessLink,
  origin: RequestOrigin,
): Promise<{ recipientStatus: RecipientRow["status"]; envelopeStatus: EnvelopeRow["status"] }> {
  let sealing = false;
  const result = await deps.db.transaction().execute(async (trx) => {
    const { envelope, recipient } = await verifyAccessLink(deps, trx, link, {
      lock: true,
      purpose: "sign",
    });
    requireApprover(recipient);
    if (recipient.status === "approved") {
      throw conflict("You have already approved this document.");
    }
    if (recipient.status !== "pending") {
      throw conflict(`You can no longer approve: your request is ${recipient.status}.`);
    }
    if (envelope.status !== "approving") {
      throw conflict(`This document can no longer be approved: it is ${envelope.status}.`);
    }
    const recipients = await loadRecipients(trx, envelope.id);
    if (!isTurn(envelope, recipient, recipients)) {
      throw conflict("It is not your turn to approve yet: an earlier step has not ended.");
    }
    const documents = await loadDocuments(trx, envelope.id);
    await requireEveryPageRead(trx, recipient.id, documents, "approve");

    const at = new Date(deps.now());
    await trx
      .updateTable("recipient")
      .set({ status: "approved", approvedAt: at })
      .where("id", "=", recipient.id)
      .execute();
    const after = recipients.map((row) =>
      row.id === recipient.id ? { ...row, status: "approved" as const } : row,
    );
    // The status first: the `envelope.approved` webhook event carries the status the approval
    // leads to (the step's signers sign, or the next step's approvers approve).
    const status = actingStatus(envelope, after);
    await trx
      .updateTable("envelope")
      .set({ status, updatedAt: at })
      .where("id", "=", envelope.id)
      .execute();
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: "documentApproved",
      at: at.toISOString(),
      actor: personOf(recipient),
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: documents[0] === undefined ? {} : { documentSha256: documents[0].sha256 },
    });
    // Then the step ends (and the next starts) after the approval, in the chain too.
    const { completed } = await advanceSteps(
      deps,
      trx,
      { ...envelope, status },
      recipients,
      after,
      at,
    );
    if (completed) {
      // Approvers of the last step approved after every signer signed: the envelope is sealed.
      await enqueueJob(
        trx,
        sealEnvelopeJob,
        { envelopeId: envelope.id },
        { dedupeKey: `seal-envelope:${envelope.id}` },
      );
      sealing = true;
    }
    return { recipientStatus: "approved" as const, envelopeStatus: status };
  });
  if (sealing) deps.wakeJobs();
  return result;
}
