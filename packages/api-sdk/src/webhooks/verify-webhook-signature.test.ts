import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookPayload, verifyWebhookSignature } from "./verify-webhook-signature";

const secret = "whsec_test-secret";
const payload = '{"id":"1","type":"envelope.sent"}';
const now = 1_800_000_000_000;
const t = now / 1000;

describe("verifyWebhookSignature", () => {
  it("accepts the HMAC-SHA-256 of '<t>.<body>' computed independently with node:crypto", async () => {
    const mac = createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
    const header = `t=${t},v1=${mac}`;
    expect(await signWebhookPayload({ payload, secret, timestamp: t })).toBe(header);
    expect(await verifyWebhookSignature({ payload, header, secret, now })).toEqual({
      ok: true,
      timestamp: t,
    });
    expect(
      await verifyWebhookSignature({
        payload: new TextEncoder().encode(payload),
        header,
        secret,
        now,
      }),
    ).toEqual({ ok: true, timestamp: t });
  });

  it("refuses another body, another secret, or a signature of another timestamp", async () => {
    const header = await signWebhookPayload({ payload, secret, timestamp: t });
    const mismatch = { ok: false, reason: "signature_mismatch" };
    expect(await verifyWebhookSignature({ payload: `${payload} `, header, secret, now })).toEqual(
      mismatch,
    );
    expect(await verifyWebhookSignature({ payload, header, secret: "whsec_other", now })).toEqual(
      mismatch,
    );
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(await verifyWebhookSignature({ payload, header: moved, secret, now })).toEqual(mismatch);
  });

  it("refuses a stale or future timestamp outside the tolerance, and accepts one inside it", async () => {
    const header = await signWebhookPayload({ payload, secret, timestamp: t });
    const late = now + 301_000;
    expect(await verifyWebhookSignature({ payload, header, secret, now: late })).toEqual({
      ok: false,
      reason: "timestamp_outside_tolerance",
    });
    expect(await verifyWebhookSignature({ payload, header, secret, now: now - 301_000 })).toEqual({
      ok: false,
      reason: "timestamp_outside_tolerance",
    });
    expect(
      await verifyWebhookSignature({ payload, header, secret, now: late, toleranceSeconds: 600 }),
    ).toMatchObject({ ok: true });
  });

  it("answers malformed_header for missing, garbled or oversized headers", async () => {
    for (const header of [
      undefined,
      "",
      "v1=abc",
      `t=${t}`,
      `t=soon,v1=${"0".repeat(64)}`,
      `t=${t},v1=zz`,
      "x".repeat(2000),
    ]) {
      expect(await verifyWebhookSignature({ payload, header, secret, now })).toEqual({
        ok: false,
        reason: "malformed_header",
      });
    }
  });

  it("accepts a header with several v1 signatures when one of them matches", async () => {
    const header = await signWebhookPayload({ payload, secret, timestamp: t });
    const both = `${header.split(",")[0]},v1=${"0".repeat(64)},${header.split(",")[1]}`;
    expect(await verifyWebhookSignature({ payload, header: both, secret, now })).toMatchObject({
      ok: true,
    });
  });
});
