import { type PDFFont } from "pdf-lib";

/**
 * Greedy word wrap of one paragraph at `size`; a word wider than the line (a hash, a user agent)
 * is broken between characters.
 */
export function wrapText(font: PDFFont, text: string, width: number, size: number): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    let rest = word;
    while (rest && !fits(rest)) {
      const characters = [...rest];
      let take = characters.length - 1;
      while (take > 1 && !fits(characters.slice(0, take).join(""))) take--;
      lines.push(characters.slice(0, take).join(""));
      rest = characters.slice(take).join("");
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines;
}

/** Wraps text that may hold several paragraphs (newlines), keeping at least one line. */
export function wrapParagraphs(font: PDFFont, text: string, width: number, size: number): string[] {
  const lines = text
    .split(/\r?\n/)
    .flatMap((paragraph) => wrapText(font, paragraph.replace(/\s+/g, " ").trim(), width, size));
  return lines.length > 0 ? lines : [""];
}
