import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

// --- Text: the document's descriptions use `code`, **bold**, lists and ## headings -------------

/** Inline marks of one line: `code` and **bold**; everything else is text (escaped). */
export function inline(text: string): Html[] {
  return text
    .split(/(`[^`]*`|\*\*[^*]+\*\*)/)
    .filter((part) => part !== "")
    .map((part) => {
      if (part.startsWith("`") && part.endsWith("`") && part.length >= 2) {
        return html`<code>${part.slice(1, -1)}</code>`;
      }
      if (part.startsWith("**") && part.endsWith("**") && part.length >= 4) {
        return html`<strong>${part.slice(2, -2)}</strong>`;
      }
      return html`${part}`;
    });
}

/** Blocks of a description: headings, numbered and bulleted lists, paragraphs. */
export function prose(text: string, headingLevel: 2 | 3 = 2): Html[] {
  const blocks: Html[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const flush = () => {
    if (list === undefined) return;
    const items = list.items.map((item) => html`<li>${inline(item)}</li>`);
    blocks.push(
      list.ordered
        ? html`<ol>
            ${items}
          </ol>`
        : html`<ul>
            ${items}
          </ul>`,
    );
    list = undefined;
  };
  for (const line of text.split("\n")) {
    const bullet = /^- (.*)$/.exec(line);
    const numbered = /^\d+\. (.*)$/.exec(line);
    if (bullet !== null || numbered !== null) {
      const ordered = numbered !== null;
      if (list !== undefined && list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)?.[1] ?? "");
      continue;
    }
    flush();
    if (line === "") continue;
    const heading = /^## (.*)$/.exec(line);
    if (heading !== null) {
      const title = heading[1] ?? "";
      blocks.push(
        headingLevel === 2 ? html`<h2>${inline(title)}</h2>` : html`<h3>${inline(title)}</h3>`,
      );
    } else {
      blocks.push(html`<p>${inline(line)}</p>`);
    }
  }
  flush();
  return blocks;
}
