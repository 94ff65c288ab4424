/** What the signing page hands to `/confirmation` (in the history entry, never in the URL). */
export interface ConfirmationState {
  envelopeUuid: string;
  email: string;
  /** The envelope's status after this signature: `complete` offers the signed PDF. */
  envelopeStatus: string;
}

export function isConfirmationState(value: unknown): value is ConfirmationState {
  if (typeof value !== "object" || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.envelopeUuid === "string" &&
    typeof state.email === "string" &&
    typeof state.envelopeStatus === "string"
  );
}
