import { type OpenedEnvelope, type SignerField } from "../../../lib/api";

/** Fields the recipient fills on the page (the others are signed or filled for them). */
export const INPUT_FIELD_KINDS = new Set(["text", "date", "checkbox"]);
/** Fields filled from who the recipient is, or when they sign. */
export const AUTO_FIELD_KINDS = new Set(["name", "email"]);

export type FieldValues = Record<string, string>;

/** Today as yyyy-mm-dd in the signer's time zone (the value of a date input). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Starting values: name and email from the recipient, dates today, boxes unticked, text empty. */
export function initialFieldValues(opened: OpenedEnvelope, now: Date = new Date()): FieldValues {
  const { recipient } = opened;
  const values: FieldValues = {};
  for (const field of opened.fields) {
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
        values[field.uuid] = "false";
        break;
      case "text":
        values[field.uuid] = "";
        break;
      default:
        break;
    }
  }
  return values;
}

/** Required fields the recipient still has to fill. */
export function missingRequiredFields(fields: SignerField[], values: FieldValues): SignerField[] {
  return fields.filter((field) => {
    if (!field.required || !INPUT_FIELD_KINDS.has(field.kind)) return false;
    const value = values[field.uuid] ?? "";
    return field.kind === "checkbox" ? value !== "true" : value.trim() === "";
  });
}

/** The values sent with the signature: the recipient's text, date, checkbox, name and email fields. */
export function valuesToSend(fields: SignerField[], values: FieldValues): FieldValues {
  const sent: FieldValues = {};
  for (const field of fields) {
    if (!INPUT_FIELD_KINDS.has(field.kind) && !AUTO_FIELD_KINDS.has(field.kind)) continue;
    const value = values[field.uuid];
    if (value !== undefined && value !== "") sent[field.uuid] = value;
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
