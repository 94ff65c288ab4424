import { z } from "zod";
import { compileFieldPattern, FIELD_PATTERN_MAX_LENGTH } from "./field-pattern";

/**
 * The settings of a field beyond its place (issue 29, richer fields): the choices of a radio group
 * or a dropdown, the bounds of a number, a default value (for a read-only field, the text the
 * sender writes), a validation preset or the sender's own pattern with its message, and a
 * condition (shown, and required, only when another field of the same signer has a value). The
 * rules a value must pass are written here once: the signing page checks them as the signer
 * types, the api again when they sign.
 */

export const FIELD_OPTIONS_MAX = 30;
export const FIELD_OPTION_MAX_LENGTH = 100;
/** A sender's error message for their pattern: one text, shown as written in both languages. */
export const FIELD_PATTERN_MESSAGE_MAX_LENGTH = 200;
export const FIELD_NUMBER_MAX_DECIMALS = 6;
export { FIELD_PATTERN_MAX_LENGTH };

export const FIELD_VALIDATION_PRESETS = ["email", "digits", "postalCode", "iban"] as const;
export type FieldValidationPreset = (typeof FIELD_VALIDATION_PRESETS)[number];

/** Kinds with choices: the value is one of `options`. */
export const CHOICE_FIELD_KINDS = ["radio", "dropdown"] as const;
/** Kinds another field's condition may name. */
export const CONDITION_SOURCE_KINDS = ["checkbox", "radio", "dropdown"] as const;

const patternSchema = z
  .string()
  .min(1, { error: "required" })
  .max(FIELD_PATTERN_MAX_LENGTH, { error: "too_long" })
  .superRefine((pattern, context) => {
    const compiled = compileFieldPattern(pattern);
    if ("problem" in compiled) context.addIssue({ code: "custom", message: compiled.problem });
  });

export const fieldValidationSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("preset"), preset: z.enum(FIELD_VALIDATION_PRESETS) }),
  z.object({
    kind: z.literal("pattern"),
    pattern: patternSchema,
    message: z
      .string()
      .trim()
      .min(1, { error: "required" })
      .max(FIELD_PATTERN_MESSAGE_MAX_LENGTH, { error: "too_long" }),
  }),
]);
export type FieldValidation = z.infer<typeof fieldValidationSchema>;

export const fieldConditionSchema = z.object({
  /** A checkbox, radio group or dropdown of the same signer. */
  fieldUuid: z.uuid(),
  /** `"true"` for a ticked checkbox, else one of the field's options. */
  value: z.string().min(1).max(FIELD_OPTION_MAX_LENGTH),
});
export type FieldCondition = z.infer<typeof fieldConditionSchema>;

export const fieldSettingsSchema = z.object({
  options: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: "required" })
        .max(FIELD_OPTION_MAX_LENGTH, { error: "too_long" }),
    )
    .max(FIELD_OPTIONS_MAX, { error: "too_many_options" })
    .optional(),
  /** Pre-filled for the signer; for a read-only field, the text shown and stamped. */
  defaultValue: z.string().max(1000, { error: "too_long" }).optional(),
  min: z.number().min(-1e12).max(1e12).optional(),
  max: z.number().min(-1e12).max(1e12).optional(),
  /** Decimals a number may have; whole numbers when absent. */
  decimals: z.number().int().min(0).max(FIELD_NUMBER_MAX_DECIMALS).optional(),
  validation: fieldValidationSchema.optional(),
  condition: fieldConditionSchema.optional(),
  /** For an attachment field: how many files the signer may upload (1 to 5; 1 when absent). */
  maxFiles: z.number().int().min(1).max(5).optional(),
});
export type FieldSettings = z.infer<typeof fieldSettingsSchema>;

/** What the rules need of a field. */
export interface RuledField {
  uuid: string;
  kind: string;
  required: boolean;
  settings: FieldSettings;
}

/** Why a value is refused, as the `message` of a field error (`values.<uuid>`). */
export type FieldValueProblem =
  | "not_an_option"
  | "invalid_number"
  | "too_many_decimals"
  | "below_minimum"
  | "above_maximum"
  | "invalid_phone"
  | "invalid_email"
  | "invalid_digits"
  | "invalid_postal_code"
  | "invalid_iban"
  | "pattern_mismatch";

const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * A value as it is kept and stamped: a phone number in E.164 (`+33612345678`, separators
 * removed), a number with a point for decimals, an IBAN in capitals without spaces, the rest
 * trimmed of nothing (what was typed).
 */
export function normalizeFieldValue(field: Pick<RuledField, "kind" | "settings">, value: string) {
  switch (field.kind) {
    case "phone":
      return value.replace(PHONE_SEPARATORS, "");
    case "number":
      return value.trim().replace(",", ".");
    default:
      if (
        field.settings.validation?.kind === "preset" &&
        field.settings.validation.preset === "iban"
      )
        return value.replace(/\s/g, "").toUpperCase();
      return value;
  }
}

/** Whether an IBAN (capitals, no spaces) has a country, a length and a mod-97 checksum that hold. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const digits = char >= "A" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const PRESET_TESTS: Record<FieldValidationPreset, (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value),
  digits: (value) => /^\d+$/.test(value),
  postalCode: (value) => /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(value),
  iban: isValidIban,
};
const PRESET_PROBLEMS: Record<FieldValidationPreset, FieldValueProblem> = {
  email: "invalid_email",
  digits: "invalid_digits",
  postalCode: "invalid_postal_code",
  iban: "invalid_iban",
};

/**
 * Why a non-empty value (normalized by {@link normalizeFieldValue}) does not suit its field, or
 * null when it does. Linear in the value's length.
 */
export function fieldValueProblem(
  field: Pick<RuledField, "kind" | "settings">,
  value: string,
): FieldValueProblem | null {
  const { settings } = field;
  switch (field.kind) {
    case "radio":
    case "dropdown":
      return (settings.options ?? []).includes(value) ? null : "not_an_option";
    case "number": {
      const match = /^-?(\d{1,15})(?:\.(\d{1,15}))?$/.exec(value);
      if (match === null) return "invalid_number";
      if ((match[2]?.length ?? 0) > (settings.decimals ?? 0)) return "too_many_decimals";
      const number = Number(value);
      if (settings.min !== undefined && number < settings.min) return "below_minimum";
      if (settings.max !== undefined && number > settings.max) return "above_maximum";
      return null;
    }
    case "phone":
      // E.164: a plus, a country code not starting with 0, 8 to 15 digits in all.
      return /^\+[1-9]\d{7,14}$/.test(value) ? null : "invalid_phone";
    default:
      break;
  }
  const validation = settings.validation;
  if (validation === undefined) return null;
  if (validation.kind === "preset") {
    return PRESET_TESTS[validation.preset](value) ? null : PRESET_PROBLEMS[validation.preset];
  }
  const compiled = compileFieldPattern(validation.pattern);
  if ("problem" in compiled) return "pattern_mismatch";
  return compiled.pattern.matches(value) ? null : "pattern_mismatch";
}

/** Whether a value counts as filled in: a ticked checkbox, else anything but blanks. */
export function isFieldValueFilled(kind: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  return kind === "checkbox" ? value === "true" : value.trim() !== "";
}

/**
 * The fields shown, given the values: a field without a condition always is; one with a condition
 * when the field it names is shown and has the value it asks for (a checkbox ticked, an option
 * chosen). A condition naming a missing field, or a cycle, hides the field.
 */
export function shownFieldIds(
  fields: readonly Pick<RuledField, "uuid" | "settings">[],
  values: Readonly<Record<string, string>>,
): Set<string> {
  const byId = new Map(fields.map((field) => [field.uuid, field]));
  const known = new Map<string, boolean>();
  const shown = (uuid: string, depth: number): boolean => {
    const cached = known.get(uuid);
    if (cached !== undefined) return cached;
    const field = byId.get(uuid);
    let result = false;
    if (field !== undefined && depth <= fields.length) {
      const condition = field.settings.condition;
      result =
        condition === undefined ||
        (shown(condition.fieldUuid, depth + 1) && values[condition.fieldUuid] === condition.value);
    }
    known.set(uuid, result);
    return result;
  };
  return new Set(fields.filter((field) => shown(field.uuid, 0)).map((field) => field.uuid));
}

/** Problems of a field's settings taken alone, as `[path, message]` pairs under `settings`. */
export function fieldSettingsProblems(field: {
  kind: string;
  required: boolean;
  settings: FieldSettings;
}): [string, string][] {
  const problems: [string, string][] = [];
  const { settings, kind } = field;
  const choices = (CHOICE_FIELD_KINDS as readonly string[]).includes(kind);
  if (choices) {
    const options = settings.options ?? [];
    if (options.length < (kind === "radio" ? 2 : 1)) problems.push(["options", "too_few_options"]);
    if (new Set(options).size !== options.length) problems.push(["options", "duplicate"]);
  } else if (settings.options !== undefined) {
    problems.push(["options", "not_allowed"]);
  }
  if (kind !== "number") {
    if (settings.min !== undefined) problems.push(["min", "not_allowed"]);
    if (settings.max !== undefined) problems.push(["max", "not_allowed"]);
    if (settings.decimals !== undefined) problems.push(["decimals", "not_allowed"]);
  } else if (
    settings.min !== undefined &&
    settings.max !== undefined &&
    settings.min > settings.max
  ) {
    problems.push(["max", "below_minimum"]);
  }
  // A signer's signature is always asked for: it cannot hang on a condition.
  if (settings.condition !== undefined && kind === "signature") {
    problems.push(["condition", "not_allowed"]);
  }
  if (settings.validation !== undefined && kind !== "text") {
    problems.push(["validation", "not_allowed"]);
  }
  if (settings.maxFiles !== undefined && kind !== "attachment") {
    problems.push(["maxFiles", "not_allowed"]);
  }
  if (kind === "readonly") {
    if ((settings.defaultValue ?? "").trim() === "") problems.push(["defaultValue", "required"]);
  } else if (settings.defaultValue !== undefined && settings.defaultValue !== "") {
    if (!["text", "number", "phone", "radio", "dropdown", "checkbox"].includes(kind)) {
      problems.push(["defaultValue", "not_allowed"]);
    } else if (kind === "checkbox") {
      if (settings.defaultValue !== "true" && settings.defaultValue !== "false")
        problems.push(["defaultValue", "invalid_default"]);
    } else if (
      fieldValueProblem(field, normalizeFieldValue(field, settings.defaultValue)) !== null
    ) {
      problems.push(["defaultValue", "invalid_default"]);
    }
  }
  return problems;
}

/**
 * Problems of the conditions of a set of fields, as `[index, message]`: the field named must be
 * another field of the same signer among them, a checkbox, radio group or dropdown, the value one
 * it can take, and no field may depend on itself through a chain of conditions (`condition_cycle`).
 */
export function fieldConditionProblems(
  fields: readonly {
    uuid?: string | undefined;
    kind: string;
    recipientUuid: string;
    settings: FieldSettings;
  }[],
): [number, string][] {
  const problems: [number, string][] = [];
  const byId = new Map<string, (typeof fields)[number]>();
  for (const field of fields) if (field.uuid !== undefined) byId.set(field.uuid, field);
  fields.forEach((field, index) => {
    const condition = field.settings.condition;
    if (condition === undefined) return;
    const source = byId.get(condition.fieldUuid);
    if (source === undefined || source.recipientUuid !== field.recipientUuid) {
      problems.push([index, "condition_field_not_found"]);
    } else if (!(CONDITION_SOURCE_KINDS as readonly string[]).includes(source.kind)) {
      problems.push([index, "condition_field_kind"]);
    } else if (
      source.kind === "checkbox"
        ? condition.value !== "true" && condition.value !== "false"
        : !(source.settings.options ?? []).includes(condition.value)
    ) {
      problems.push([index, "condition_value"]);
    }
    // Follow the chain: it must end without coming back (at most one step per field).
    const visited = new Set<string>();
    let next: string | undefined = condition.fieldUuid;
    while (next !== undefined) {
      if (next === field.uuid || visited.has(next)) {
        problems.push([index, "condition_cycle"]);
        break;
      }
      visited.add(next);
      next = byId.get(next)?.settings.condition?.fieldUuid;
    }
  });
  return problems;
}
