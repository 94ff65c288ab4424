import {
  CHOICE_FIELD_KINDS,
  CONDITION_SOURCE_KINDS,
  type Field,
  type FieldKind,
  type FieldSettings,
} from "@paraphe/api-sdk/contract";
import { type FieldBox } from "../../field-geometry";

/** A field as the editor holds it: a local key, and the api's uuid once saved. */
export interface FieldDraft extends FieldBox {
  key: string;
  /** Given when the field is placed, so that another field's condition can name it at once. */
  uuid?: string;
  documentUuid: string;
  page: number;
  kind: FieldKind;
  recipientUuid: string;
  required: boolean;
  label: string | null;
  settings: FieldSettings;
}

let counter = 0;
export function newFieldKey(): string {
  counter += 1;
  return `new-${counter}`;
}

/**
 * The settings a new field starts with, valid as they are (the editor saves at once): two options
 * for a radio group or a dropdown, the text of a read-only field.
 */
export function defaultSettings(
  kind: FieldKind,
  texts: { option: (number: number) => string; readonlyText: string },
): FieldSettings {
  if ((CHOICE_FIELD_KINDS as readonly string[]).includes(kind)) {
    return { options: [texts.option(1), texts.option(2)] };
  }
  if (kind === "readonly") return { defaultValue: texts.readonlyText };
  return {};
}

/** Whether a kind is filled by the signer and so may be required (read-only text is not). */
export function canBeRequired(kind: FieldKind): boolean {
  return kind !== "readonly";
}

export function draftOf(field: Field): FieldDraft {
  return {
    key: field.uuid,
    uuid: field.uuid,
    documentUuid: field.documentUuid,
    page: field.page,
    kind: field.kind,
    recipientUuid: field.recipientUuid,
    required: field.required,
    label: field.label,
    settings: field.settings,
    x: field.x,
    y: field.y,
    width: field.width,
    height: field.height,
  };
}

/**
 * Fields another field's condition may name: the same signer's checkboxes, radio groups and
 * dropdowns, other than the field itself and those whose own conditions lead back to it.
 */
export function conditionSources(field: FieldDraft, fields: readonly FieldDraft[]): FieldDraft[] {
  const byUuid = new Map(fields.flatMap((other) => (other.uuid ? [[other.uuid, other]] : [])));
  const dependsOnField = (candidate: FieldDraft): boolean => {
    const seen = new Set<string>();
    let next = candidate.settings.condition?.fieldUuid;
    while (next !== undefined && !seen.has(next)) {
      if (next === field.uuid) return true;
      seen.add(next);
      next = byUuid.get(next)?.settings.condition?.fieldUuid;
    }
    return false;
  };
  return fields.filter(
    (other) =>
      other.key !== field.key &&
      other.uuid !== undefined &&
      other.recipientUuid === field.recipientUuid &&
      (CONDITION_SOURCE_KINDS as readonly string[]).includes(other.kind) &&
      !dependsOnField(other),
  );
}

/** The values a condition on `source` may ask for: ticked for a checkbox, else its options. */
export function conditionValues(source: FieldDraft): string[] {
  return source.kind === "checkbox" ? ["true"] : (source.settings.options ?? []);
}

/**
 * The save-fields payload of the editor's fields. A condition that no longer holds together (its
 * field removed, given to another signer, or without the value asked for) is left out rather than
 * have the whole save refused.
 */
export function fieldInputs(fields: readonly FieldDraft[]) {
  const byUuid = new Map(fields.flatMap((field) => (field.uuid ? [[field.uuid, field]] : [])));
  return fields.map((field) => {
    const { condition, ...rest } = field.settings;
    const source = condition ? byUuid.get(condition.fieldUuid) : undefined;
    const keep =
      condition !== undefined &&
      source !== undefined &&
      source.recipientUuid === field.recipientUuid &&
      conditionValues(source).includes(condition.value);
    return {
      ...(field.uuid ? { uuid: field.uuid } : {}),
      documentUuid: field.documentUuid,
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      kind: field.kind,
      recipientUuid: field.recipientUuid,
      required: canBeRequired(field.kind) && field.required,
      label: field.label,
      settings: keep ? { ...rest, condition } : rest,
    };
  });
}
