import { describe, expect, it } from "vitest";
import { verifySealedDocument } from "./verify";

describe("verifySealedDocument", () => {
  it("refuses files over the size limit before reading them", async () => {
    const big = new Uint8Array(2048).fill(0x20);
    const report = await verifySealedDocument({ sealed: big, proof: big, maxBytes: 1024 });
    expect(report.verdict).toBe("invalid");
    expect(report.checks.map((check) => [check.file, check.message.key])).toEqual([
      ["document", "unreadable"],
      ["proof", "unreadable"],
    ]);
  });

  it("reports bytes that are not a PDF as unreadable, never as valid", async () => {
    const report = await verifySealedDocument({
      sealed: new TextEncoder().encode("not a pdf"),
      proof: new TextEncoder().encode("%PDF-1.7\ngarbage"),
    });
    expect(report.verdict).toBe("invalid");
    expect(report.checks.every((check) => check.status === "fail")).toBe(true);
  });
});
