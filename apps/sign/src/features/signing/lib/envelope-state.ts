import { type OpenedEnvelope } from "../../../lib/api";

/** What the signing page shows for an opened envelope. */
export type EnvelopeState =
  | "sign"
  | "signed"
  | "declined"
  | "declinedByOther"
  | "canceled"
  | "complete"
  | "notYourTurn"
  | "notOpen"
  | "expired";

export function envelopeState(opened: OpenedEnvelope, now: Date = new Date()): EnvelopeState {
  const { envelope, recipient } = opened;
  if (envelope.status === "complete") return "complete";
  if (recipient.status === "signed" || recipient.status === "approved") return "signed";
  if (recipient.status === "declined") return "declined";
  if (envelope.status === "canceled" || recipient.status === "canceled") return "canceled";
  if (envelope.status === "declined") return "declinedByOther";
  if (envelope.status !== "signing") return "notOpen";
  if (envelope.expiresAt && new Date(envelope.expiresAt).getTime() <= now.getTime()) {
    return "expired";
  }
  if (!recipient.isTurn) return "notYourTurn";
  return "sign";
}
