import { describe, expect, it } from "vitest";
import {
  activityEventSchema,
  cancelEnvelopeRequestSchema,
  CANCEL_REASON_MAX_LENGTH,
  FIELD_IMAGE_VALUE_MAX_LENGTH,
  FIELD_VALUE_MAX_LENGTH,
  fieldInputSchema,
  openEnvelopeRequestSchema,
  PREVIEW_WIDTHS,
  previewWidthFor,
  signEnvelopeRequestSchema,
  TYPED_NAME_MAX_LENGTH,
  saveRecipientsRequestSchema,
  uploadEnvelopeRequestSchema,
} from "./envelope";
import { USER_AGENT_MAX_LENGTH } from "./identity";

const ENVELOPE = "0b7c3a52-8f4e-4c1a-9a57-3f5b1f0e2d11";
const DOCUMENT = "5e0f7a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b";
const RECIPIENT = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("the envelope contract", () => {
  it("requires a cancellation reason under 500 characters (spec §5)", () => {
    const parse = (reason: string) =>
      cancelEnvelopeRequestSchema.safeParse({ envelopeUuid: ENVELOPE, reason });
    expect(messagesOf(parse("   "))).toEqual(["required"]);
    expect(parse("x".repeat(CANCEL_REASON_MAX_LENGTH)).success).toBe(true);
    expect(messagesOf(parse("x".repeat(500)))).toEqual(["too_long"]);
  });

  it("refuses a recipient added twice, whatever the case of the email (spec §5)", () => {
    const recipient = (email: string) => ({ email, firstname: "Ada", lastname: "Lovelace" });
    const result = saveRecipientsRequestSchema.safeParse({
      envelopeUuid: ENVELOPE,
      recipients: [recipient("ada@example.com"), recipient("ADA@example.com ")],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["recipients", 1, "email"],
      message: "already_added",
    });
  });

  it("requires firstname and lastname of a recipient, and a valid email (spec §5)", () => {
    const result = saveRecipientsRequestSchema.safeParse({
      envelopeUuid: ENVELOPE,
      recipients: [{ email: "not-an-email", firstname: " ", lastname: "" }],
    });
    expect(messagesOf(result).sort()).toEqual(["invalid_email", "required", "required"]);
  });

  it("keeps fields inside their page", () => {
    const field = (x: number, width: number) =>
      fieldInputSchema.safeParse({
        documentUuid: DOCUMENT,
        page: 0,
        x,
        y: 0.1,
        width,
        height: 0.05,
        kind: "signature",
        recipientUuid: RECIPIENT,
      });
    expect(field(0.5, 0.3).success).toBe(true);
    expect(messagesOf(field(0.8, 0.3))).toEqual(["outside_page"]);
    expect(field(0.5, 0).success).toBe(false);
  });

  it("needs at least one file to upload", () => {
    expect(messagesOf(uploadEnvelopeRequestSchema.safeParse({ files: [] }))).toEqual(["required"]);
  });

  it("caps field values, typed names and user agents at what can be shown", () => {
    const link = {
      envelopeUuid: ENVELOPE,
      token: "t".repeat(32),
      secretKey: "s".repeat(32),
    };
    const sign = (values: Record<string, string>, typedName?: string) =>
      signEnvelopeRequestSchema.safeParse({
        ...link,
        signature: { kind: "typed", image: "iVBORw0KGgo=", typedName },
        values,
      });
    expect(sign({ a: "x".repeat(FIELD_VALUE_MAX_LENGTH) }).success).toBe(true);
    expect(messagesOf(sign({ a: "x".repeat(FIELD_VALUE_MAX_LENGTH + 1) }))).toEqual(["too_long"]);
    // An image field's PNG (base64) may be longer, within its own bound.
    const png = `iVBORw0KGgo${"A".repeat(5000)}`;
    expect(sign({ a: png }).success).toBe(true);
    expect(messagesOf(sign({ a: png.padEnd(FIELD_IMAGE_VALUE_MAX_LENGTH + 1, "A") }))).toEqual([
      "too_long",
    ]);
    expect(sign({}, "N".repeat(TYPED_NAME_MAX_LENGTH)).success).toBe(true);
    expect(messagesOf(sign({}, "N".repeat(TYPED_NAME_MAX_LENGTH + 1)))).toEqual(["too_long"]);

    const event = (userAgent: string) =>
      activityEventSchema.safeParse({
        type: "envelopeOpened",
        at: "2026-11-23T10:00:00.000Z",
        actor: null,
        recipients: [],
        reason: null,
        ipAddress: null,
        userAgent,
      });
    expect(event("u".repeat(USER_AGENT_MAX_LENGTH)).success).toBe(true);
    expect(event("u".repeat(USER_AGENT_MAX_LENGTH + 1)).success).toBe(false);
  });
});

describe("preview widths", () => {
  it("gives the smallest width at least the screen's width in device pixels, else the widest", () => {
    expect(previewWidthFor(390, 1)).toBe(480);
    expect(previewWidthFor(480, 1)).toBe(480);
    expect(previewWidthFor(360, 2)).toBe(720);
    expect(previewWidthFor(390, 2)).toBe(1000);
    expect(previewWidthFor(390, 3)).toBe(1000);
    expect(previewWidthFor(1440, 1)).toBe(1000);
    // A ratio the browser does not give reads as 1.
    expect(previewWidthFor(400, Number.NaN)).toBe(480);
    expect(previewWidthFor(400, 0)).toBe(480);
  });

  it("accepts only the listed widths on /envelope/open", () => {
    const link = { envelopeUuid: ENVELOPE, token: "t".repeat(20), secretKey: "s".repeat(20) };
    for (const previewWidth of PREVIEW_WIDTHS) {
      expect(openEnvelopeRequestSchema.safeParse({ ...link, previewWidth }).success).toBe(true);
    }
    expect(openEnvelopeRequestSchema.safeParse(link).success).toBe(true);
    for (const previewWidth of [0, 500, 1001, 2000, "480"]) {
      expect(openEnvelopeRequestSchema.safeParse({ ...link, previewWidth }).success).toBe(false);
    }
  });
});
