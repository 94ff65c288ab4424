import type { SignerBranding } from "@paraphe/api-sdk/contract";

/** What the signing page hands to `/confirmation` (in the history entry, never in the URL). */
export interface ConfirmationState {
  envelopeUuid: string;
  email: string;
  /** The envelope's status after this signature: `complete` offers the signed PDF. */
  envelopeStatus: string;
  /**
   * The envelope's team as the signing page showed it (the open call's `branding`), so that the
   * confirmation carries the same header, colours and footer; null or absent: Paraphe's look.
   */
  branding?: SignerBranding | null;
}

const optionalText = (value: unknown) => value === null || typeof value === "string";

/** Whether `value` has the shape of a team's branding (read back from the history entry). */
export function isSignerBranding(value: unknown): value is SignerBranding {
  if (typeof value !== "object" || value === null) return false;
  const branding = value as Record<string, unknown>;
  return (
    typeof branding.name === "string" &&
    typeof branding.showPoweredBy === "boolean" &&
    ["color", "readableColor", "footer", "websiteUrl", "privacyUrl", "logoUrl"].every((key) =>
      optionalText(branding[key]),
    )
  );
}

export function isConfirmationState(value: unknown): value is ConfirmationState {
  if (typeof value !== "object" || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.envelopeUuid === "string" &&
    typeof state.email === "string" &&
    typeof state.envelopeStatus === "string" &&
    (state.branding === undefined || state.branding === null || isSignerBranding(state.branding))
  );
}
