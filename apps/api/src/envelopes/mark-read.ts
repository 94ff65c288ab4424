import type { AccessLink } from "@paraphe/api-sdk/contract";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { enqueueJob } from "../jobs/queue";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { sealEnvelopeJob } from "./job-definitions";
import { verifyAccessLink } from "./link-access";
import { requireEveryPageRead } from "./page-reads";
import type { RequestOrigin } from "./request-origin";
import { advanceSteps } from "./signing-steps";
import { actingStatus, isTurn } from "./turns";
import { loadDocuments, loadRecipients, personOf } from "./views";

const conflict = (message: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the page." });

/**
 * POST /envelope/mark-read: a viewer confirms they read the document. Refused unless the link is
 * valid, its recipient is a viewer (FORBIDDEN otherwise: signers sign, approvers approve) who has
 * not marked it read yet, the envelope is being signed, it is their turn (every earlier step
 * ended, `turns.ts`) and they read every page of every document (`pages_not_viewed`). Under the
 * envelope's lock, so a double submission counts once (the second answers CONFLICT). Recorded in
 * the activity chain (`documentViewed`, with the `envelope.viewed` webhook event); the last to act
 * of a step ends it and starts the next, and once everyone has acted the envelope is sealed.
 */
export async function markRead(
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
    if (recipient.kind !== "viewer") {
      throw new AppError("FORBIDDEN", {
        message: "Only a recipient asked to read the document marks it read.",
        suggestion:
          recipient.kind === "approver" ? "Approve or reject the document." : "Sign the document.",
      });
    }
    if (recipient.status === "viewed") {
      throw conflict("You have already marked this document read.");
    }
    if (recipient.status !== "pending") {
      throw conflict(
        `You can no longer mark this document read: your request is ${recipient.status}.`,
      );
    }
    if (envelope.status !== "signing") {
      throw conflict(`This document can no longer be marked read: it is ${envelope.status}.`);
    }
    const recipients = await loadRecipients(trx, envelope.id);
    if (!isTurn(envelope, recipient, recipients)) {
      throw conflict("It is not your turn to read yet: an earlier step has not ended.");
    }
    const documents = await loadDocuments(trx, envelope.id);
    await requireEveryPageRead(trx, recipient.id, documents, "read");

    const at = new Date(deps.now());
    await trx
      .updateTable("recipient")
      .set({ status: "viewed", viewedAt: at })
      .where("id", "=", recipient.id)
      .execute();
    const after = recipients.map((row) =>
      row.id === recipient.id ? { ...row, status: "viewed" as const } : row,
    );
    const status = actingStatus(envelope, after);
    await trx
      .updateTable("envelope")
      .set({ status, updatedAt: at })
      .where("id", "=", envelope.id)
      .execute();
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: "documentViewed",
      at: at.toISOString(),
      actor: personOf(recipient),
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: documents[0] === undefined ? {} : { documentSha256: documents[0].sha256 },
    });
    const { completed } = await advanceSteps(
      deps,
      trx,
      { ...envelope, status },
      recipients,
      after,
      at,
    );
    if (completed) {
      await enqueueJob(
        trx,
        sealEnvelopeJob,
        { envelopeId: envelope.id },
        { dedupeKey: `seal-envelope:${envelope.id}` },
      );
      sealing = true;
    }
    return { recipientStatus: "viewed" as const, envelopeStatus: status };
  });
  if (sealing) deps.wakeJobs();
  return result;
}
