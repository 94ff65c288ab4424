import { type OpenedEnvelope } from "../../../lib/api";

/** What the signing page shows for an opened envelope. */
export type EnvelopeState =
  | "sign"
  | "approve"
  | "view"
  | "signed"
  | "approved"
  | "viewed"
  | "declined"
  | "rejected"
  | "declinedByOther"
  | "canceled"
  | "complete"
  | "notYourTurn"
  | "notOpen"
  | "expired";

/** The states where the recipient acts on the document (the reader and the action bar). */
export type ActingState = Extract<EnvelopeState, "sign" | "approve" | "view">;

export function isActing(state: EnvelopeState): state is ActingState {
  return state === "sign" || state === "approve" || state === "view";
}

/**
 * A signer signs while the envelope is being signed; an approver approves (or rejects) while it
 * is being approved, before any signer is invited; a viewer reads every page and marks the
 * document read while it is being signed.
 */
export function envelopeState(opened: OpenedEnvelope, now: Date = new Date()): EnvelopeState {
  const { envelope, recipient } = opened;
  const approver = recipient.kind === "approver";
  if (envelope.status === "complete") return "complete";
  if (recipient.status === "signed") return "signed";
  if (recipient.status === "approved") return "approved";
  if (recipient.status === "viewed") return "viewed";
  if (recipient.status === "declined") return approver ? "rejected" : "declined";
  if (envelope.status === "canceled" || recipient.status === "canceled") return "canceled";
  if (envelope.status === "declined") return "declinedByOther";
  if (envelope.status !== (approver ? "approving" : "signing")) return "notOpen";
  if (envelope.expiresAt && new Date(envelope.expiresAt).getTime() <= now.getTime()) {
    return "expired";
  }
  if (!recipient.isTurn) return "notYourTurn";
  if (approver) return "approve";
  return recipient.kind === "viewer" ? "view" : "sign";
}
