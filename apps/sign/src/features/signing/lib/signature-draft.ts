import type { PointGroup } from "signature_pad";

export const HANDWRITING_FONTS = [
  { id: "dancing-script", family: "Dancing Script" },
  { id: "caveat", family: "Caveat" },
  { id: "great-vibes", family: "Great Vibes" },
] as const;
export type HandwritingFontId = (typeof HANDWRITING_FONTS)[number]["id"];

/**
 * A signature (or initials) being made: kept by the signing page so that closing the dialog, or a
 * failed signing call, loses nothing.
 */
export interface SignatureDraft {
  mode: "draw" | "type";
  /** The strokes drawn on the pad (signature_pad's point groups). */
  strokes: PointGroup[];
  typed: string;
  font: HandwritingFontId;
}

export function emptyDraft(typed: string): SignatureDraft {
  return { mode: "draw", strokes: [], typed, font: "dancing-script" };
}

export function isDraftReady(draft: SignatureDraft): boolean {
  return draft.mode === "draw" ? draft.strokes.length > 0 : draft.typed.trim().length > 0;
}
