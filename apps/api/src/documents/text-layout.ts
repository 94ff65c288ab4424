/** What the layout needs of a font: pdf-lib's MeasuringFont and @libpdf/core's EmbeddedFont both fit. */
export interface MeasuringFont {
  widthOfTextAtSize(text: string, size: number): number;
}

/**
 * Text layout that is linear in the text's length: each character's advance is measured once per
 * font (at size 1, then scaled, since widths are proportional to the size) and lines are built
 * from running sums, never by re-measuring prefixes. Kerning between characters is ignored, which
 * errs by a fraction of a point on a line.
 */

const unitWidthsByFont = new WeakMap<MeasuringFont, Map<string, number>>();

/** The advance of each character of `text` at `size`, in points (characters by code point). */
export function characterWidths(
  font: MeasuringFont,
  text: string,
  size: number,
): { characters: string[]; widths: number[] } {
  let unitWidths = unitWidthsByFont.get(font);
  if (!unitWidths) {
    unitWidths = new Map();
    unitWidthsByFont.set(font, unitWidths);
  }
  const characters = [...text];
  const widths = characters.map((character) => {
    let unit = unitWidths.get(character);
    if (unit === undefined) {
      unit = font.widthOfTextAtSize(character, 1);
      unitWidths.set(character, unit);
    }
    return unit * size;
  });
  return { characters, widths };
}

/** The width of `text` at `size`, from the cached character advances. */
export function textWidth(font: MeasuringFont, text: string, size: number): number {
  return characterWidths(font, text, size).widths.reduce((total, width) => total + width, 0);
}

/**
 * Greedy word wrap of one paragraph at `size`; a word wider than the line (a hash, a user agent)
 * is broken between characters. Linear in the paragraph's length.
 */
export function wrapText(font: MeasuringFont, text: string, width: number, size: number): string[] {
  const space = textWidth(font, " ", size);
  const lines: string[] = [];
  let current = "";
  let currentWidth = 0;
  let started = false;
  for (const word of text.split(" ")) {
    const { characters, widths } = characterWidths(font, word, size);
    const wordWidth = widths.reduce((total, advance) => total + advance, 0);
    if (!started) {
      started = true;
      if (wordWidth <= width) {
        current = word;
        currentWidth = wordWidth;
        continue;
      }
    } else if (currentWidth + space + wordWidth <= width) {
      current = `${current} ${word}`;
      currentWidth += space + wordWidth;
      continue;
    }
    if (current) lines.push(current);
    if (wordWidth <= width) {
      current = word;
      currentWidth = wordWidth;
      continue;
    }
    // Break the word between characters, at least one character a line.
    let start = 0;
    let lineWidth = 0;
    for (let index = 0; index < characters.length; index++) {
      const advance = widths[index]!;
      if (index > start && lineWidth + advance > width) {
        lines.push(characters.slice(start, index).join(""));
        start = index;
        lineWidth = 0;
      }
      lineWidth += advance;
    }
    current = characters.slice(start).join("");
    currentWidth = lineWidth;
  }
  if (current) lines.push(current);
  return lines;
}

/** Wraps text that may hold several paragraphs (newlines), keeping at least one line. */
export function wrapParagraphs(
  font: MeasuringFont,
  text: string,
  width: number,
  size: number,
): string[] {
  const lines = text
    .split(/\r?\n/)
    .flatMap((paragraph) => wrapText(font, paragraph.replace(/\s+/g, " ").trim(), width, size));
  return lines.length > 0 ? lines : [""];
}

/**
 * `text` if it fits in `width`, else its longest prefix that fits followed by an ellipsis (a
 * trailing " …" in `text` is replaced). Linear in the text's length.
 */
export function truncateToWidth(
  font: MeasuringFont,
  text: string,
  width: number,
  size: number,
): string {
  if (textWidth(font, text, size) <= width) return text;
  const ellipsis = textWidth(font, "…", size);
  const kept = characterWidths(font, text.replace(/ ?…$/, ""), size);
  let used = ellipsis;
  let count = 0;
  while (count < kept.characters.length && used + kept.widths[count]! <= width) {
    used += kept.widths[count]!;
    count++;
  }
  return `${kept.characters.slice(0, count).join("").trimEnd()}…`;
}
