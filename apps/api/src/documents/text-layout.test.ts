import { type EmbeddedFont, PDF } from "@libpdf/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fontBytes } from "./fonts";
import { stampFields } from "./stamp";
import { makePdf } from "./test-support";
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

/** How many characters the font was asked to measure while `work` ran. */
async function charactersMeasured(work: () => Promise<unknown>): Promise<number> {
  const prototype = Object.getPrototypeOf(freshFont()) as EmbeddedFont;
  const spy = vi.spyOn(prototype, "widthOfTextAtSize");
  try {
    await work();
    return spy.mock.calls.reduce((total, [text]) => total + [...text].length, 0);
  } finally {
    spy.mockRestore();
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
