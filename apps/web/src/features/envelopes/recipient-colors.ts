/** One colour per recipient, by position (fields show whose they are; the name is also given). */
export const RECIPIENT_COLORS = [
  "#5755ff",
  "#e4572e",
  "#17a398",
  "#c2185b",
  "#f0a202",
  "#2e86ab",
  "#6a994e",
  "#8e44ad",
] as const;

export function recipientColor(index: number): string {
  return (
    RECIPIENT_COLORS[
      ((index % RECIPIENT_COLORS.length) + RECIPIENT_COLORS.length) % RECIPIENT_COLORS.length
    ] ?? "#5755ff"
  );
}
