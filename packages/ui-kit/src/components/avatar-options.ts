import { shapes } from "@dicebear/collection";
import { createAvatar } from "@dicebear/core";

/** Options of the generated fallback avatar (DiceBear "shapes" style), spec §3. */
export interface FallbackAvatarOptions {
  size: number;
  scale: number;
  rotate?: number;
  radius?: number;
  translateX?: number;
  translateY?: number;
  backgroundColor: readonly string[];
  /** Colours of the shapes drawn over the background (DiceBear `shape1Color`..`shape3Color`). */
  shapeColor: readonly string[];
}

/** Spec §3: size 100, scale 90, background abaaff and ffc7b5, shapes 5755ff and ff8f6b. */
export const FALLBACK_AVATAR_OPTIONS: Readonly<FallbackAvatarOptions> = Object.freeze({
  size: 100,
  scale: 90,
  backgroundColor: Object.freeze(["abaaff", "ffc7b5"]),
  shapeColor: Object.freeze(["5755ff", "ff8f6b"]),
});

/** Inclusive bounds of the numeric options (spec §3, identical to DiceBear's own schema). */
export const AVATAR_OPTION_BOUNDS = Object.freeze({
  rotate: { min: 0, max: 360 },
  scale: { min: 0, max: 200 },
  radius: { min: 0, max: 50 },
  translateX: { min: -100, max: 100 },
  translateY: { min: -100, max: 100 },
});

/** A colour value: `transparent` or six hexadecimal digits without `#`. */
export const AVATAR_COLOR_PATTERN = /^(transparent|[a-fA-F0-9]{6})$/;

export interface AvatarOptionsIssue {
  /** Name of the offending option, with an index for colours (`backgroundColor[1]`). */
  path: string;
  message: string;
}

export type AvatarOptionsValidation =
  { success: true; data: FallbackAvatarOptions } | { success: false; issues: AvatarOptionsIssue[] };

const NUMERIC_KEYS = ["rotate", "scale", "radius", "translateX", "translateY"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks fallback-avatar options against spec §3's bounds: integers within rotate 0-360, scale 0-200,
 * radius 0-50, translate -100..100, a positive integer size, and non-empty colour lists whose values
 * are `transparent` or six hex digits. Unknown keys are reported too, so that a typo is not ignored.
 * Returns every issue found, not only the first.
 */
export function validateAvatarOptions(input: unknown): AvatarOptionsValidation {
  if (!isRecord(input))
    return { success: false, issues: [{ path: "", message: "Expected an object" }] };
  const issues: AvatarOptionsIssue[] = [];
  const known = new Set<string>(["size", "backgroundColor", "shapeColor", ...NUMERIC_KEYS]);
  for (const key of Object.keys(input)) {
    if (!known.has(key)) issues.push({ path: key, message: "Unknown option" });
  }

  const size = input.size;
  if (typeof size !== "number" || !Number.isInteger(size) || size < 1) {
    issues.push({ path: "size", message: "Expected a positive integer" });
  }

  for (const key of NUMERIC_KEYS) {
    const value = input[key];
    if (value === undefined && key !== "scale") continue;
    const { min, max } = AVATAR_OPTION_BOUNDS[key];
    if (typeof value !== "number" || !Number.isInteger(value)) {
      issues.push({ path: key, message: `Expected an integer from ${min} to ${max}` });
    } else if (value < min || value > max) {
      issues.push({ path: key, message: `Must be from ${min} to ${max}, got ${value}` });
    }
  }

  for (const key of ["backgroundColor", "shapeColor"] as const) {
    const colors = input[key];
    if (!Array.isArray(colors) || colors.length === 0) {
      issues.push({ path: key, message: "Expected a non-empty list of colours" });
      continue;
    }
    colors.forEach((color: unknown, index) => {
      if (typeof color !== "string" || !AVATAR_COLOR_PATTERN.test(color)) {
        issues.push({
          path: `${key}[${index}]`,
          message: "Expected `transparent` or six hex digits",
        });
      }
    });
  }

  if (issues.length > 0) return { success: false, issues };
  return { success: true, data: input as unknown as FallbackAvatarOptions };
}

const cache = new Map<string, string>();
const CACHE_LIMIT = 200;

/**
 * The generated fallback avatar of a seed (typically the user's email) as an SVG data URI. The same
 * seed always gives the same picture. With custom `options`, they are validated first and an invalid
 * set throws a TypeError listing the issues.
 */
export function fallbackAvatarDataUri(
  seed: string,
  options: FallbackAvatarOptions = FALLBACK_AVATAR_OPTIONS,
): string {
  const useDefaults = options === FALLBACK_AVATAR_OPTIONS;
  if (useDefaults) {
    const cached = cache.get(seed);
    if (cached !== undefined) return cached;
  } else {
    const result = validateAvatarOptions(options);
    if (!result.success) {
      throw new TypeError(
        `Invalid avatar options: ${result.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`,
      );
    }
  }
  const { shapeColor, backgroundColor, ...rest } = options;
  const colors = [...shapeColor];
  const uri = createAvatar(shapes, {
    seed,
    ...rest,
    backgroundColor: [...backgroundColor],
    shape1Color: colors,
    shape2Color: colors,
    shape3Color: colors,
  }).toDataUri();
  if (useDefaults) {
    if (cache.size >= CACHE_LIMIT) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(seed, uri);
  }
  return uri;
}
