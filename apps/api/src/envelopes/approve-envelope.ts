import type { AccessLink } from "@paraphe/api-sdk/contract";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import type { EnvelopeDeps } from "./envelope-deps";
import { recordReadingAct } from "./reading-acts";
import type { RequestOrigin } from "./request-origin";

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
export function approveEnvelope(
  deps: EnvelopeDeps,
  link: AccessLink,
  origin: RequestOrigin,
): Promise<{ recipientStatus: RecipientRow["status"]; envelopeStatus: EnvelopeRow["status"] }> {
  return recordReadingAct(deps, link, origin, {
    requireKind: requireApprover,
    done: { status: "approved", at: "approvedAt" },
    envelopeStatus: "approving",
    event: "documentApproved",
    action: "approve",
    messages: {
      already: "You have already approved this document.",
      closedFor: (status) => `You can no longer approve: your request is ${status}.`,
      closed: (status) => `This document can no longer be approved: it is ${status}.`,
      notYourTurn: "It is not your turn to approve yet: an earlier step has not ended.",
    },
  });
}
