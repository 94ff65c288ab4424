import { type Field, type FieldKind } from "@paraphe/api-sdk/contract";
import { type FieldBox } from "../../field-geometry";

/** A field as the editor holds it: a local key, and the api's uuid once saved. */
export interface FieldDraft extends FieldBox {
  key: string;
  uuid?: string;
  documentUuid: string;
  page: number;
  kind: FieldKind;
  recipientUuid: string;
  required: boolean;
  label: string | null;
}

let counter = 0;
export function newFieldKey(): string {
  counter += 1;
  return `new-${counter}`;
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
    x: field.x,
    y: field.y,
    width: field.width,
    height: field.height,
  };
}

/** The save-fields payload of the editor's fields. */
export function fieldInputs(fields: readonly FieldDraft[]) {
  return fields.map((field) => ({
    ...(field.uuid ? { uuid: field.uuid } : {}),
    documentUuid: field.documentUuid,
    page: field.page,
    x: field.x,
    y: field.y,
    width: field.width,
    height: field.height,
    kind: field.kind,
    recipientUuid: field.recipientUuid,
    required: field.required,
    label: field.label,
  }));
}
