import { describe, expect, it } from "vitest";
import { type SignerField } from "../../../lib/api";
import { missingRequiredFields, shownFields, valuesToSend } from "./field-values";

const base = {
  documentUuid: "0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3",
  recipientUuid: "9d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6",
  page: 0,
  x: 0.1,
  y: 0.1,
  width: 0.2,
  height: 0.05,
  label: null,
};
const AGREE = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const DETAILS = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
const PHONE = "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f";
const fields: SignerField[] = [
  { ...base, uuid: AGREE, kind: "checkbox", required: false, settings: {} },
  {
    ...base,
    uuid: DETAILS,
    kind: "text",
    required: true,
    settings: { condition: { fieldUuid: AGREE, value: "true" } },
  },
  { ...base, uuid: PHONE, kind: "phone", required: false, settings: {} },
];

describe("conditional fields on the signing page", () => {
  it("hide a field until its condition holds, and then require it", () => {
    const unticked = { [AGREE]: "false", [DETAILS]: "typed before unticking", [PHONE]: "" };
    expect(shownFields(fields, unticked).map((field) => field.uuid)).toEqual([AGREE, PHONE]);
    expect(missingRequiredFields(fields, unticked)).toEqual([]);
    // A hidden field sends nothing, even with a value typed while it was shown.
    expect(valuesToSend(fields, unticked)).toEqual({ [AGREE]: "false" });

    const ticked = { ...unticked, [AGREE]: "true", [DETAILS]: "" };
    expect(missingRequiredFields(fields, ticked).map((field) => field.uuid)).toEqual([DETAILS]);
  });

  it("hold back a value the api would refuse, and send a phone in E.164", () => {
    const values = { [AGREE]: "false", [PHONE]: "06 12 34 56 78" };
    expect(missingRequiredFields(fields, values).map((field) => field.uuid)).toEqual([PHONE]);
    const fixed = { ...values, [PHONE]: "+33 6 12 34 56 78" };
    expect(missingRequiredFields(fields, fixed)).toEqual([]);
    expect(valuesToSend(fields, fixed)).toEqual({ [AGREE]: "false", [PHONE]: "+33612345678" });
  });
});
