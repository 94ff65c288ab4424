import type { AccessLink } from "@paraphe/api-sdk/contract";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import type { EnvelopeDeps } from "./envelope-deps";
import { recordReadingAct } from "./reading-acts";
import type { RequestOrigin } from "./request-origin";

/** FORBIDDEN unless the recipient is a viewer: signers sign, approvers approve. */
function requireViewer(recipient: RecipientRow): void {
  if (recipient.kind === "viewer") return;
  throw new AppError("FORBIDDEN", {
    message: "Only a recipient asked to read the document marks it read.",
    suggestion:
      recipient.kind === "approver" ? "Approve or reject the document." : "Sign the document.",
  });
}

/**
 * POST /envelope/mark-read: a viewer confirms they read the document. Refused unless the link is
 * valid, its recipient is a viewer (FORBIDDEN otherwise: signers sign, approvers approve) who has
 * not marked it read yet, the envelope is being signed, it is their turn (every earlier step
 * ended, `turns.ts`) and they read every page of every document (`pages_not_viewed`). Under the
 * envelope's lock, so a double submission counts once (the second answers CONFLICT). Recorded in
 * the activity chain (`documentViewed`, with the `envelope.viewed` webhook event); the last to act
 * of a step ends it and starts the next, and once everyone has acted the envelope is sealed.
 */
export function markRead(
  deps: EnvelopeDeps,
  link: AccessLink,
  origin: RequestOrigin,
): Promise<{ recipientStatus: RecipientRow["status"]; envelopeStatus: EnvelopeRow["status"] }> {
  return recordReadingAct(deps, link, origin, {
    requireKind: requireViewer,
    done: { status: "viewed", at: "viewedAt" },
    envelopeStatus: "signing",
    event: "documentViewed",
    action: "read",
    messages: {
      already: "You have already marked this document read.",
      closedFor: (status) =>
        `You can no longer mark this document read: your request is ${status}.`,
      closed: (status) => `This document can no longer be marked read: it is ${status}.`,
      notYourTurn: "It is not your turn to read yet: an earlier step has not ended.",
    },
  });
}
