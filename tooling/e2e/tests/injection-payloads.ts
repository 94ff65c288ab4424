import { expect, type Locator, type Page } from "@playwright/test";

// Script and markup payloads for the script-injection browser test: each one sets window.__pwned
// (or opens a dialog) if any app, mail or PDF viewer ever runs it instead of showing it as text.

export const PAYLOADS = {
  img: `<img src=x onerror="window.__pwned=1">`,
  script: `<script>window.__pwned=1</script>`,
  svg: `"><svg onload=window.__pwned=1>`,
  javascriptUrl: `javascript:window.__pwned=1`,
  template: `{{constructor.constructor('window.__pwned=1')()}}`,
  hyperlink: `=HYPERLINK("http://evil","x")`,
  dde: `+cmd|' /C calc'!A0`,
  // Right-to-left override and zero-width characters around ordinary text.
  bidi: `\u202Efdp.exe\u200B\u200D\u2060x`,
} as const;

/** Every payload, one per line (for free-text fields such as a message). */
export const ALL_PAYLOADS = Object.values(PAYLOADS).join("\n");

/** A string of exactly `max` characters made of the payload repeated (a field at its maximum). */
export function atMaximum(payload: string, max: number): string {
  return payload.repeat(Math.ceil(max / payload.length)).slice(0, max);
}

/** The same text with runs of white space as one space (HTML and PDF text layers reflow it). */
export function squeezed(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Expects `text` as literal text somewhere visible on the page. A page opened just before may still
 * be loading its record on a busy machine: the text has 15 s to show.
 */
export async function expectShown(page: Page | Locator, text: string): Promise<void> {
  await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible({
    timeout: 15_000,
  });
}

/**
 * Watches a page for signs that a payload ran: any dialog (alert, confirm, prompt) and any
 * console report of a Content Security Policy violation. `expectUnharmed` then fails with them.
 */
export function guard(page: Page): { expectUnharmed: (where: string) => Promise<void> } {
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return {
    async expectUnharmed(where: string) {
      const pwned = await page.evaluate(() => (window as { __pwned?: unknown }).__pwned);
      expect(pwned, `window.__pwned on ${where} (${page.url()})`).toBeUndefined();
      expect(dialogs, `dialogs on ${where}`).toEqual([]);
      expect(violations, `CSP violations on ${where}`).toEqual([]);
    },
  };
}

export interface ParsedHtml {
  /** The text a reader sees, white space squeezed. */
  text: string;
  /** Elements and attributes that a payload would have created had it not been escaped. */
  injected: string[];
}

/**
 * Parses an HTML document (a mail's HTML part) with the browser's own HTML parser (DOMParser runs
 * no script and loads nothing), in a blank page of the same browser context (the apps' pages
 * require Trusted Types), and lists what should never be in it: script elements, svg or
 * `img src=x` elements, event-handler attributes, javascript: links.
 */
export async function parseHtml(page: Page, html: string): Promise<ParsedHtml> {
  const blank = await page.context().newPage();
  try {
    return await parseIn(blank, html);
  } finally {
    await blank.close();
  }
}

async function parseIn(page: Page, html: string): Promise<ParsedHtml> {
  return page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, "text/html");
    const injected: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      const tag = element.tagName.toLowerCase();
      if (tag === "script" || tag === "svg") injected.push(`<${tag}>`);
      if (tag === "img" && element.getAttribute("src") === "x") injected.push("<img src=x>");
      for (const attribute of Array.from(element.attributes)) {
        if (attribute.name.toLowerCase().startsWith("on"))
          injected.push(`<${tag} ${attribute.name}>`);
        if (
          ["href", "src", "action", "formaction"].includes(attribute.name.toLowerCase()) &&
          /^\s*javascript:/i.test(attribute.value)
        )
          injected.push(`<${tag} ${attribute.name}="${attribute.value}">`);
      }
    }
    return { text: (document.body?.textContent ?? "").replace(/\s+/g, " ").trim(), injected };
  }, html);
}
