import type { EnvelopeRow, RecipientRow } from "../db/database";

/**
 * Whose turn it is. Approvers act before signers: while any approver has not approved, the
 * envelope is `approving` and only approvers act; then signers. Within each group, sequential
 * order goes by position (each waits for the earlier ones), parallel order lets everyone act at once.
 */

type TurnRecipient = Pick<RecipientRow, "id" | "kind" | "position" | "status">;

/** Whether `recipient` has done their part (an approver approved, a signer signed). */
export function hasActed(recipient: Pick<RecipientRow, "kind" | "status">): boolean {
  return recipient.status === (recipient.kind === "approver" ? "approved" : "signed");
}

/** Whether it is `recipient`'s turn to approve (an approver) or to sign (a signer). */
export function isTurn(
  envelope: Pick<EnvelopeRow, "signingOrder">,
  recipient: TurnRecipient,
  all: readonly TurnRecipient[],
): boolean {
  if (
    recipient.kind === "signer" &&
    all.some((other) => other.kind === "approver" && !hasActed(other))
  ) {
    return false;
  }
  if (envelope.signingOrder !== "sequential") return true;
  return all
    .filter((other) => other.kind === recipient.kind && other.position < recipient.position)
    .every(hasActed);
}

/**
 * The recipients to invite now, of those who have not acted: the approvers while any has not
 * approved, else the signers; all of them in parallel order, the first in sequential order.
 */
export function nextToInvite<R extends TurnRecipient>(
  envelope: Pick<EnvelopeRow, "signingOrder">,
  all: readonly R[],
): R[] {
  const waiting = [...all]
    .filter((recipient) => !hasActed(recipient))
    .sort((a, b) => a.position - b.position);
  const approvers = waiting.filter((recipient) => recipient.kind === "approver");
  const group = approvers.length > 0 ? approvers : waiting.filter((r) => r.kind === "signer");
  return envelope.signingOrder === "sequential" ? group.slice(0, 1) : group;
}
