import { z } from "zod";

/**
 * A team's branding (issue 33): what signers see of the team in mails, on the signing site and on
 * the proof's cover. Read and changed by those allowed to update the team's `branding` (Owner,
 * Admin); the signing link's open call carries the public part of it.
 *
 * The logo is a PNG or JPEG image of at most BRAND_LOGO_MAX_BYTES and BRAND_LOGO_MAX_SIDE pixels
 * on each side, or an SVG of at most BRAND_LOGO_MAX_BYTES that the api rasterises to a PNG of at
 * most BRAND_LOGO_SVG_SIDE pixels on its longer side (the SVG itself is never stored or served).
 */

export const BRAND_LOGO_MAX_BYTES = 256 * 1024;
/** The largest width or height of a logo, in pixels. */
export const BRAND_LOGO_MAX_SIDE = 1024;
/** The longer side of the PNG an SVG logo is rasterised to. */
export const BRAND_LOGO_SVG_SIDE = 512;
export const BRAND_LOGO_TYPES = ["image/png", "image/jpeg", "image/svg+xml"] as const;
export const BRAND_DISPLAY_NAME_MAX_LENGTH = 80;
export const BRAND_FOOTER_MAX_LENGTH = 200;
export const BRAND_URL_MAX_LENGTH = 2048;
/** Where logos are served, as public data: followed by the logo's key. */
export const BRAND_LOGO_PATH_PREFIX = "/public/team-logos/";
/** The smallest contrast ratio of normal text (WCAG 2.x, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;
/** The dark text colour of the apps and mails, against which a brand colour is also checked. */
export const DARK_TEXT_COLOR = "#1f2937";

/** `#rrggbb`, stored lower case. */
export const brandColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "invalid_color" })
  .transform((value) => value.toLowerCase());

/** An https link, or empty (null). */
const httpsUrl = z.url({ protocol: /^https$/ });
export const brandUrlSchema = z
  .string()
  .trim()
  .max(BRAND_URL_MAX_LENGTH, { error: "too_long" })
  .refine((value) => value === "" || httpsUrl.safeParse(value).success, {
    error: "https_required",
  })
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** One line of text, or empty (null). */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "too_long" })
    .refine((value) => !/[\r\n]/.test(value), { error: "one_line" })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** The branding as the team's settings show it. */
export const teamBrandingSchema = z.object({
  /** The name signers see instead of the team's; null: the team's name. */
  displayName: z.string().nullable(),
  /** The brand colour as chosen; null: Paraphe's. */
  color: z.string().nullable(),
  /** The colour used for buttons and links: `color`, darkened to MIN_TEXT_CONTRAST against white. */
  readableColor: z.string().nullable(),
  footer: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  /** Whether "Sent with Paraphe" shows in mails and on the signing site (allowed on every plan). */
  showPoweredBy: z.boolean(),
  /** Public-data URL of the logo; null without one. */
  logoUrl: z.string().nullable(),
});
export type TeamBranding = z.infer<typeof teamBrandingSchema>;

/** What signers see of the envelope's team (the open call): the name resolved. */
export const signerBrandingSchema = teamBrandingSchema.omit({ displayName: true }).extend({
  name: z.string(),
});
export type SignerBranding = z.infer<typeof signerBrandingSchema>;

// POST /branding/get
export const getBrandingRequestSchema = z.object({});
export const brandingResponseSchema = z.object({ branding: teamBrandingSchema });
export type BrandingResponse = z.infer<typeof brandingResponseSchema>;

// POST /branding/save
export const saveBrandingRequestSchema = z.object({
  displayName: optionalLine(BRAND_DISPLAY_NAME_MAX_LENGTH),
  color: z
    .union([brandColorSchema, z.literal(""), z.null()])
    .optional()
    .transform((value) => (value ? value : null)),
  footer: optionalLine(BRAND_FOOTER_MAX_LENGTH),
  websiteUrl: brandUrlSchema,
  privacyUrl: brandUrlSchema,
  showPoweredBy: z.boolean(),
});
export type SaveBrandingRequest = z.input<typeof saveBrandingRequestSchema>;

// POST /branding/upload-logo
export const uploadBrandLogoRequestSchema = z.object({
  contentType: z.enum(BRAND_LOGO_TYPES, { error: "invalid_file_type" }),
  /** The image, base64. */
  data: z
    .base64({ error: "invalid_file" })
    .min(1, { error: "invalid_file" })
    .max(Math.ceil((BRAND_LOGO_MAX_BYTES * 4) / 3) + 4, { error: "too_large" }),
});
export type UploadBrandLogoRequest = z.input<typeof uploadBrandLogoRequestSchema>;

// POST /branding/remove-logo
export const removeBrandLogoRequestSchema = z.object({});

// --- Contrast (WCAG 2.x) ------------------------------------------------------------------------

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(c ?? 0)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The relative luminance of `#rrggbb` (WCAG 2.x). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` moved toward black (on a light `background`) or white (on a dark one) by the smallest
 * step that reaches `ratio` against `background`; `color` itself when it already does.
 */
export function readableVariant(
  color: string,
  background = "#ffffff",
  ratio = MIN_TEXT_CONTRAST,
): string {
  if (contrastRatio(color, background) >= ratio) return color;
  const target = relativeLuminance(background) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const source = channels(color);
  // 100 steps of mixing: bounded, and the end (black or white) always reaches 4.5:1 against a
  // background that is light or dark enough to be on that side.
  for (let step = 1; step <= 100; step += 1) {
    const mixed = toHex(source.map((c, i) => c + ((target[i] ?? 0) - c) * (step / 100)));
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  return toHex(target);
}

/** What the settings page shows of a colour: its contrasts and the variant buttons use. */
export function brandColorReport(color: string): {
  withWhite: number;
  withDarkText: number;
  readableColor: string;
  adjusted: boolean;
} {
  const readableColor = readableVariant(color);
  return {
    withWhite: contrastRatio(color, "#ffffff"),
    withDarkText: contrastRatio(color, DARK_TEXT_COLOR),
    readableColor,
    adjusted: readableColor !== color,
  };
}
