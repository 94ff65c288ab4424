import { describe, expect, it } from "vitest";
import { type SignerField } from "../../../lib/api";
import { missingRequiredFields, valuesToSend } from "../lib/field-values";
import { attachmentRefusal } from "./attachment-field";

const base = {
  documentUuid: "0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3",
  recipientUuid: "9d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6",
  page: 0,
  x: 0.1,
  y: 0.1,
  width: 0.2,
  height: 0.05,
  label: "Identity document",
};
const REQUIRED = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const OPTIONAL = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
const fields: SignerField[] = [
  { ...base, uuid: REQUIRED, kind: "attachment", required: true, settings: { maxFiles: 2 } },
  { ...base, uuid: OPTIONAL, kind: "attachment", required: false, settings: {} },
];

describe("attachment fields on the signing page", () => {
  it("count a required field as missing until it holds a file, and never send a value", () => {
    const none = { [REQUIRED]: "0", [OPTIONAL]: "0" };
    expect(missingRequiredFields(fields, none).map((field) => field.uuid)).toEqual([REQUIRED]);
    const one = { [REQUIRED]: "1", [OPTIONAL]: "0" };
    expect(missingRequiredFields(fields, one)).toEqual([]);
    expect(valuesToSend(fields, one)).toEqual({});
  });

  it("refuse a file over 10 MB or of another type before sending it", () => {
    expect(attachmentRefusal({ size: 11 * 1024 * 1024, type: "application/pdf" })).toBe(
      "attachment_too_large",
    );
    expect(attachmentRefusal({ size: 1000, type: "image/gif" })).toBe("attachment_type");
    expect(attachmentRefusal({ size: 1000, type: "image/jpeg" })).toBeNull();
    expect(attachmentRefusal({ size: 10 * 1024 * 1024, type: "application/pdf" })).toBeNull();
  });
});
