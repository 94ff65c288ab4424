import { describe, expect, it } from "vitest";
import {
  cancelEnvelopeRequestSchema,
  CANCEL_REASON_MAX_LENGTH,
  fieldInputSchema,
  saveRecipientsRequestSchema,
  uploadEnvelopeRequestSchema,
} from "./envelope";

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
});
