import { z } from "zod";

/** The colours the pages offer for workspaces and tags; any `#rrggbb` is accepted. */
export const COLOR_PALETTE = [
  "#2563eb",
  "#0891b2",
  "#059669",
  "#65a30d",
  "#ca8a04",
  "#ea580c",
  "#dc2626",
  "#db2777",
  "#7c3aed",
  "#475569",
] as const;

/** A colour as `#rrggbb` (stored in lower case). */
export const colorSchema = z
  .string({ error: "required" })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "invalid_color" })
  .transform((value) => value.toLowerCase());
