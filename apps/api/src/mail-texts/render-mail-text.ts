import type { MailTextPlaceholder } from "@paraphe/api-sdk/contract";

/** A piece of a paragraph: text, or a link shown as one (escaped in the HTML mail). */
export type ParagraphPart = { text: string } | { link: string };

/** A paragraph of a mail. */
export interface Paragraph {
  text: string;
  /** A link shown on its own line after the text. */
  link?: string;
  /** The paragraph as text and links (a team's text): `text` then holds the links inline. */
  parts?: readonly ParagraphPart[];
}

/** A team's text of a mail: a subject and a body of paragraphs with placeholders. */
export interface MailTextTemplate {
  subject: string;
  body: string;
}

/** The values of a mail's placeholders; `expiry` null: the envelope has no expiry date. */
export type MailTextValues = Partial<Record<Exclude<MailTextPlaceholder, "expiry">, string>> & {
  expiry?: string | null;
};

const PLACEHOLDER = /\{\{\s*([^{}]{0,64}?)\s*\}\}/g;

function valueOf(values: MailTextValues, name: string): string | undefined {
  const value = (values as Record<string, string | null | undefined>)[name];
  return value ?? undefined;
}

/** `text` with each placeholder replaced by its value (one line for a subject); linear. */
export function fillPlaceholders(text: string, values: MailTextValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => valueOf(values, name) ?? whole);
}

/**
 * A team's text rendered with `values`: the subject filled in, and the body cut into paragraphs at
 * its empty lines, each as text and links (`{{link}}` becomes a link). A paragraph holding
 * `{{expiry}}` is left out when `values.expiry` is null. Values are inserted as text: nothing of
 * them or of the template is read as markup (the HTML mail escapes every part).
 */
export function renderMailText(
  template: MailTextTemplate,
  values: MailTextValues,
): { subject: string; paragraphs: Paragraph[] } {
  const paragraphs: Paragraph[] = [];
  for (const block of template.body.replaceAll("\r\n", "\n").split(/\n[ \t]*\n/)) {
    const trimmed = block.trim();
    if (trimmed === "") continue;
    const parts: ParagraphPart[] = [];
    let skip = false;
    let last = 0;
    for (const match of trimmed.matchAll(PLACEHOLDER)) {
      const name = match[1] ?? "";
      const index = match.index;
      if (index > last) parts.push({ text: trimmed.slice(last, index) });
      last = index + match[0].length;
      if (name === "expiry" && (values.expiry ?? null) === null) skip = true;
      const value = valueOf(values, name);
      if (name === "link" && value !== undefined) parts.push({ link: value });
      else parts.push({ text: value ?? match[0] });
    }
    if (skip) continue;
    if (last < trimmed.length) parts.push({ text: trimmed.slice(last) });
    const text = parts.map((part) => ("link" in part ? part.link : part.text)).join("");
    paragraphs.push({ text, parts });
  }
  return { subject: fillPlaceholders(template.subject, values), paragraphs };
}
