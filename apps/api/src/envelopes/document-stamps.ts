import type { FieldRow, RecipientRow } from "../db/database";
import type { StampField } from "../documents/stamp";
import { filledValue } from "./filled-value";

/** The signers' pictures, by `s:<recipient id>` (signature) and `i:<recipient id>` (initials). */
export type SignerImages = ReadonlyMap<string, Uint8Array>;

const pngValue = (png: Uint8Array | undefined): StampField["value"] | undefined =>
  png === undefined ? undefined : { png };

/**
 * What the sealed copy of one document draws: each field its recipient filled (name, email and
 * date signed filled here, dates in `dateFormat`; the signature or initials picture; an image
 * field's PNG), and with the "initials on all pages" option the signers' initials on every page.
 * An attachment field draws nothing: its files are embedded in the sealed PDF.
 */
export function documentStamps(input: {
  fields: readonly FieldRow[];
  recipients: readonly RecipientRow[];
  images: SignerImages;
  dateFormat: Intl.DateTimeFormat;
  initialsOnAllPages: boolean;
  pageCount: number;
}): StampField[] {
  const { recipients, images } = input;
  const stamps: StampField[] = [];
  for (const field of input.fields) {
    const recipient = recipients.find((row) => row.id === field.recipientId);
    if (recipient === undefined) continue;
    const filled = filledValue(field, recipient, input.dateFormat);
    const value: StampField["value"] | undefined =
      filled === null
        ? undefined
        : filled.kind === "text"
          ? filled.text
          : filled.kind === "image"
            ? { png: new Uint8Array(Buffer.from(filled.base64, "base64")) }
            : pngValue(
                filled.kind === "signature"
                  ? images.get(`s:${recipient.id}`)
                  : (images.get(`i:${recipient.id}`) ?? images.get(`s:${recipient.id}`)),
              );
    if (value === undefined || field.kind === "attachment") continue;
    stamps.push({
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      kind: field.kind,
      value,
    });
  }
  if (input.initialsOnAllPages) {
    stamps.push(...initialsOnEveryPage(input.pageCount, recipients, images));
  }
  return stamps;
}

/**
 * The "initials on all pages" option: each signer's initials (their signature when they gave
 * none) in the bottom-right corner of every page, side by side, nine to a row.
 */
function initialsOnEveryPage(
  pageCount: number,
  recipients: readonly { id: string }[],
  images: SignerImages,
): StampField[] {
  const stamps: StampField[] = [];
  for (let page = 0; page < pageCount; page++) {
    recipients.forEach((recipient, index) => {
      const png = images.get(`i:${recipient.id}`) ?? images.get(`s:${recipient.id}`);
      if (png === undefined) return;
      const column = index % 9;
      const row = Math.floor(index / 9);
      stamps.push({
        page,
        x: 0.89 - column * 0.1,
        y: Math.max(0, 0.95 - row * 0.05),
        width: 0.08,
        height: 0.04,
        kind: "initials",
        value: { png },
      });
    });
  }
  return stamps;
}
