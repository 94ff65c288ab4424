import {
  COMPLETED_FIELD_IMAGES_MAX_BYTES,
  FIELD_VALUE_MAX_LENGTH,
  type CompletedField,
} from "@paraphe/api-sdk/contract";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import type { EnvelopeDeps } from "./envelope-deps";
import { shownFields } from "./field-settings";
import { filledValue } from "./filled-value";
import { recipientName } from "./views";

/**
 * What the recipients who already signed filled in, for a later signer or approver to see on the
 * pages (issue 26: a second signer must see the amount the first one wrote before signing under
 * it): each of their fields with its value, as the sealed document will show it (the date signed
 * in the sender's language, the name and email filled in, the signature and initials pictures).
 * Pictures stop at COMPLETED_FIELD_IMAGES_MAX_BYTES in all; past it a picture field only says who
 * signed it.
 */
export async function completedFieldsFor(
  deps: EnvelopeDeps,
  envelope: EnvelopeRow,
  recipient: RecipientRow,
  recipients: readonly RecipientRow[],
  language: "en" | "fr",
): Promise<CompletedField[]> {
  const done = recipients.filter((other) => other.id !== recipient.id && other.status === "signed");
  if (done.length === 0) return [];
  // Only the fields they were shown: one a condition hid took no value and shows nothing.
  const fields = shownFields(
    await deps.db
      .selectFrom("field")
      .selectAll()
      .where("envelopeId", "=", envelope.id)
      .where(
        "recipientId",
        "in",
        done.map((other) => other.id),
      )
      .orderBy("documentId")
      .orderBy("page")
      .orderBy("y")
      .execute(),
  );
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
  const pictures = new Map<string, string | null>();
  let pictureBytes = 0;
  const picture = async (key: string | null): Promise<string | null> => {
    if (key === null) return null;
    if (pictures.has(key)) return pictures.get(key) ?? null;
    const blob = await deps.blobStore.get(key);
    let base64: string | null = null;
    if (blob !== null && pictureBytes + blob.bytes.length <= COMPLETED_FIELD_IMAGES_MAX_BYTES) {
      pictureBytes += blob.bytes.length;
      base64 = Buffer.from(blob.bytes).toString("base64");
    }
    pictures.set(key, base64);
    return base64;
  };

  const result: CompletedField[] = [];
  for (const field of fields) {
    const by = done.find((other) => other.id === field.recipientId);
    if (by === undefined) continue;
    const filled = filledValue(field, by, dateFormat);
    // An optional field left empty shows nothing; a signature always says who signed.
    if (filled === null) continue;
    let text: string | null = null;
    let image: string | null = null;
    if (filled.kind === "text") text = filled.text;
    else if (filled.kind === "signature") image = await picture(by.signatureBlobKey);
    else if (filled.kind === "initials") {
      image = await picture(by.initialsBlobKey ?? by.signatureBlobKey);
    } else if (filled.kind === "image") {
      const bytes = Math.floor((filled.base64.length * 3) / 4);
      if (pictureBytes + bytes <= COMPLETED_FIELD_IMAGES_MAX_BYTES) {
        pictureBytes += bytes;
        image = filled.base64;
      }
    }
    result.push({
      uuid: field.id,
      documentUuid: field.documentId,
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      kind: field.kind,
      recipientUuid: field.recipientId,
      label: field.label,
      by: recipientName(by),
      text: text === null ? null : text.slice(0, FIELD_VALUE_MAX_LENGTH),
      image,
    });
  }
  return result;
}
