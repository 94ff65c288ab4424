import type { AccessLink } from "@paraphe/api-sdk/contract";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { requireApprover } from "./approve-envelope";
import type { EnvelopeDeps } from "./envelope-deps";
import type { RequestOrigin } from "./request-origin";
import { recordDecline } from "./decline-envelope";
import { verifyAccessLink } from "./link-access";
import { isTurn } from "./turns";
import { loadRecipients } from "./views";

const conflict = (message: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the page." });

/**
 * POST /envelope/reject: an approver whose turn it is rejects the envelope being approved, with a
 * reason. The envelope is declined as on a signer's decline (the approver's request is declined
 * with the reason; the sender and every other invited recipient are mailed) and the
 * approvalRejected event is chained. Under the envelope's lock: a second submission answers CONFLICT.
 */
export async function rejectEnvelope(
  deps: EnvelopeDeps,
  input: AccessLink & { reason: string },
  origin: RequestOrigin,
): Promise<{ recipientStatus: RecipientRow["status"]; envelopeStatus: EnvelopeRow["status"] }> {
  return deps.db.transaction().execute(async (trx) => {
    const { envelope, recipient } = await verifyAccessLink(deps, trx, input, {
      lock: true,
      purpose: "sign",
    });
    requireApprover(recipient);
    if (recipient.status !== "pending") {
      throw conflict(`You can no longer reject: your request is ${recipient.status}.`);
    }
    if (envelope.status !== "approving") {
      throw conflict(`This document can no longer be rejected: it is ${envelope.status}.`);
    }
    const recipients = await loadRecipients(trx, envelope.id);
    if (!isTurn(envelope, recipient, recipients)) {
      throw conflict("It is not your turn to approve yet: an earlier step has not ended.");
    }
    return recordDecline(deps, trx, envelope, recipient, input.reason, origin, "approvalRejected");
  });
}
