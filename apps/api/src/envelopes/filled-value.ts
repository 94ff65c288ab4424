import type { FieldRow, RecipientRow } from "../db/database";
import { recipientName } from "./views";

/**
 * What a recipient's completed field shows, as the sealed document draws it and as later signers
 * see it on the signing page: its text (the name and email filled in, the date signed in the
 * sender's language, what was typed or ticked), or which picture (the signature, the initials, or
 * the image field's own PNG in base64); null when it shows nothing (an optional field left empty).
 */
export type FilledValue =
  | { kind: "text"; text: string }
  | { kind: "signature" }
  | { kind: "initials" }
  | { kind: "image"; base64: string };

export function filledValue(
  field: Pick<FieldRow, "kind" | "value">,
  recipient: Pick<RecipientRow, "firstname" | "lastname" | "email" | "signedAt">,
  dateFormat: Intl.DateTimeFormat,
): FilledValue | null {
  switch (field.kind) {
    case "signature":
      return { kind: "signature" };
    case "initials":
      return { kind: "initials" };
    case "name":
      return { kind: "text", text: recipientName(recipient) };
    case "email":
      return { kind: "text", text: recipient.email };
    case "date":
      return recipient.signedAt === null
        ? null
        : { kind: "text", text: dateFormat.format(recipient.signedAt) };
    case "image":
      return field.value === null || field.value === ""
        ? null
        : { kind: "image", base64: field.value };
    default:
      return field.value === null || field.value === ""
        ? null
        : { kind: "text", text: field.value };
  }
}
