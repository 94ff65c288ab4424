import { type EmbeddedFont, PDF } from "@libpdf/core";
import { USER_AGENT_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import { PDFFont } from "pdf-lib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AuditEvent } from "./audit-chain";
import { fontBytes } from "./fonts";
import { proofModel } from "./proof";
import { layoutProofInThisThread } from "./proof-layout";
import { stampFields } from "./stamp";
import { makePdf } from "../test/documents";
import { truncateToWidth, wrapParagraphs, wrapText } from "./text-layout";

/** A string of `length` characters without a space, cycling through 36 different characters. */
function unbroken(length: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let text = "";
  for (let index = 0; index < length; index++) text += alphabet[index % alphabet.length];
  return text;
}

function words(length: number): string {
  return "Lorem ipsum dolor sit amet consectetur adipiscing elit ".repeat(length).slice(0, length);
}

function freshFont(): EmbeddedFont {
  return PDF.create().embedFont(fontBytes("DejaVuSans"));
}

/** How many characters the fonts (@libpdf/core's and pdf-lib's) measured while `work` ran. */
async function charactersMeasured(work: () => Promise<unknown>): Promise<number> {
  const prototype = Object.getPrototypeOf(freshFont()) as EmbeddedFont;
  const spies = [
    vi.spyOn(prototype, "widthOfTextAtSize"),
    vi.spyOn(PDFFont.prototype, "widthOfTextAtSize"),
  ];
  try {
    await work();
    return spies
      .flatMap((spy) => spy.mock.calls)
      .reduce((total, [text]) => total + [...text].length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("text layout", () => {
  it.each([
    ["an unbroken value", unbroken],
    ["words", words],
  ])(
    "wraps %s measuring each character at most once, so 4n characters cost no more than 4 × n",
    async (_, make) => {
      const measure = async (length: number) => {
        const font = freshFont();
        return charactersMeasured(async () => wrapParagraphs(font, make(length), 80, 9));
      };
      const small = await measure(500);
      const large = await measure(2000);
      expect(large).toBeLessThanOrEqual(4 * small);
      expect(large).toBeLessThanOrEqual(2000);
    },
  );

  it("stamps a long unbroken value with a number of measurements linear in its length", async () => {
    const pdf = await makePdf({ pages: 1 });
    const stamp = (length: number) =>
      charactersMeasured(() =>
        stampFields(pdf, [
          {
            page: 0,
            x: 0.1,
            y: 0.1,
            width: 0.2,
            height: 0.03,
            kind: "text",
            value: unbroken(length),
          },
        ]),
      );
    const small = await stamp(250);
    const large = await stamp(1000);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThanOrEqual(4 * small);
    expect(large).toBeLessThanOrEqual(1000);
  });

  it("lays the proof's event table out with measurements linear in the user agents' length", async () => {
    const proof = (length: number) => {
      const events: AuditEvent[] = Array.from({ length: 6 }, (_, index) => ({
        type: "envelopeOpened",
        at: new Date(Date.UTC(2026, 10, 23, 10, index)).toISOString(),
        actor: { name: "Zoë", email: "zoe@example.fr" },
        ip: "203.0.113.7",
        userAgent: unbroken(length),
        data: {},
      }));
      return charactersMeasured(() =>
        layoutProofInThisThread(
          proofModel({
            language: "en",
            title: "Service agreement",
            envelopeId: "0b8e4c6e-2f7d-4d8a-9c51-7f3e2a1b9d40",
            originalSha256: "a".repeat(64),
            sealedSha256: "b".repeat(64),
            events,
            signers: [],
            generatedAt: new Date("2026-11-23T10:10:00.000Z"),
            timeZone: "UTC",
          }),
        ),
      );
    };
    const small = await proof(USER_AGENT_MAX_LENGTH / 4);
    const large = await proof(USER_AGENT_MAX_LENGTH);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThanOrEqual(4 * small);
  });

  it("breaks a word wider than the line between characters, every line within the width", async () => {
    const font = freshFont();
    const text = `short ${unbroken(300)} end`;
    const lines = wrapText(font, text, 60, 8);
    expect(lines[0]).toBe("short");
    expect(lines.join("").replace("short", "").replace("end", "")).toContain(unbroken(300));
    for (const line of lines) {
      expect(font.widthOfTextAtSize(line, 8)).toBeLessThanOrEqual(60.5);
    }
  });

  it("cuts text that does not fit with an ellipsis, within the width", async () => {
    const font = freshFont();
    const cut = truncateToWidth(font, `${unbroken(400)} …`, 50, 8);
    expect(cut.endsWith("…")).toBe(true);
    expect(unbroken(400).startsWith(cut.slice(0, -1))).toBe(true);
    expect(font.widthOfTextAtSize(cut, 8)).toBeLessThanOrEqual(50.5);
    expect(truncateToWidth(font, "short", 50, 8)).toBe("short");
  });
});
