import {
  fieldValueProblem,
  isFieldValueFilled,
  normalizeFieldValue,
  shownFieldIds,
  type FieldValueProblem,
} from "@paraphe/api-sdk/contract";
import { type OpenedEnvelope, type SignerField } from "../../../lib/api";

/** Fields the recipient fills on the page (the others are signed or filled for them). */
export const INPUT_FIELD_KINDS = new Set([
  "text",
  "date",
  "checkbox",
  "radio",
  "dropdown",
  "number",
  "phone",
]);
/** Fields filled from who the recipient is, or when they sign. */
export const AUTO_FIELD_KINDS = new Set(["name", "email"]);

export type FieldValues = Record<string, string>;

/** Today as yyyy-mm-dd in the signer's time zone (the value of a date input). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Starting values: name and email from the recipient, dates today, the sender's default value
 * where there is one (a box ticked, an option chosen, a text), else boxes unticked and text empty.
 */
export function initialFieldValues(opened: OpenedEnvelope, now: Date = new Date()): FieldValues {
  const { recipient } = opened;
  const values: FieldValues = {};
  for (const field of opened.fields) {
    const preset = field.settings.defaultValue;
    switch (field.kind) {
      case "name":
        values[field.uuid] = `${recipient.firstname} ${recipient.lastname}`.trim();
        break;
      case "email":
        values[field.uuid] = recipient.email;
        break;
      case "date":
        values[field.uuid] = todayIsoDate(now);
        break;
      case "checkbox":
        values[field.uuid] = preset === "true" ? "true" : "false";
        break;
      case "text":
      case "radio":
      case "dropdown":
      case "number":
      case "phone":
        values[field.uuid] = preset ?? "";
        break;
      case "attachment":
        // How many files the signer attached (kept here, never sent: files go by their own call).
        values[field.uuid] = "0";
        break;
      default:
        break;
    }
  }
  return values;
}

/** The fields shown with these values: a field whose condition does not hold is hidden. */
export function shownFields(fields: SignerField[], values: FieldValues): SignerField[] {
  const shown = shownFieldIds(fields, values);
  return fields.filter((field) => shown.has(field.uuid));
}

/**
 * Why a filled field's value is refused (the rule the api applies again), or null: an option not
 * offered, a number out of bounds, a phone not in international form, the text's preset or the
 * sender's pattern.
 */
export function fieldProblem(field: SignerField, values: FieldValues): FieldValueProblem | null {
  const value = values[field.uuid];
  if (!INPUT_FIELD_KINDS.has(field.kind) || field.kind === "checkbox" || field.kind === "date")
    return null;
  if (value === undefined || value.trim() === "") return null;
  return fieldValueProblem(field, normalizeFieldValue(field, value));
}

/**
 * Shown fields the recipient still has to see to: a required one left empty (an attachment field
 * without a file), or one whose value is refused (`fieldProblem`). Hidden fields are never required.
 */
export function missingRequiredFields(fields: SignerField[], values: FieldValues): SignerField[] {
  return shownFields(fields, values).filter((field) => {
    if (field.kind === "attachment") return field.required && Number(values[field.uuid] ?? 0) < 1;
    if (!INPUT_FIELD_KINDS.has(field.kind)) return false;
    if (field.required && !isFieldValueFilled(field.kind, values[field.uuid])) return true;
    return fieldProblem(field, values) !== null;
  });
}

/**
 * The values sent with the signature: the shown text, date, checkbox, choice, number, phone, name
 * and email fields, as the api keeps them (a phone in E.164, a number with a point); a field its
 * condition hides sends nothing (the api refuses a value for it).
 */
export function valuesToSend(fields: SignerField[], values: FieldValues): FieldValues {
  const sent: FieldValues = {};
  for (const field of shownFields(fields, values)) {
    if (!INPUT_FIELD_KINDS.has(field.kind) && !AUTO_FIELD_KINDS.has(field.kind)) continue;
    const value = values[field.uuid];
    if (value !== undefined && value !== "") sent[field.uuid] = normalizeFieldValue(field, value);
  }
  return sent;
}

/** Initials from a name: "Ada Lovelace" -> "AL". */
export function initialsOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, 4);
}
