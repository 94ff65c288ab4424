/**
 * One colour per recipient, by position (fields show whose they are; the name is also given), with
 * its ink: the same hue darkened so that a field's label reads at 4.5:1 (WCAG AA for small text) on
 * the field's tint, over a white page or the grey of a page still loading.
 */
export const RECIPIENT_COLORS = [
  { color: "#5755ff", ink: "#4644cc" },
  { color: "#e4572e", ink: "#9b3b1f" },
  { color: "#17a398", ink: "#0e655e" },
  { color: "#c2185b", ink: "#a5144d" },
  { color: "#f0a202", ink: "#7f5601" },
  { color: "#2e86ab", ink: "#21607b" },
  { color: "#6a994e", ink: "#456333" },
  { color: "#8e44ad", ink: "#7c3b97" },
] as const;

/** Alpha (hex) of a field's tint: its colour over the page. */
export const FIELD_TINT_ALPHA = "22";

export type RecipientPalette = (typeof RECIPIENT_COLORS)[number];

/** The colour and ink of the recipient at `index` (the palette repeats past its end). */
export function recipientPalette(index: number): RecipientPalette {
  const size = RECIPIENT_COLORS.length;
  return RECIPIENT_COLORS[((index % size) + size) % size] ?? RECIPIENT_COLORS[0];
}

export function recipientColor(index: number): string {
  return recipientPalette(index).color;
}
