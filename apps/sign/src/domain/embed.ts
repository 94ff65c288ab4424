/*
 * Embedded signing (`/embed/sign/...`, `/embed/d/...`, opened in a frame by `@paraphe/embed`): the
 * options the embedding page gives in the fragment (never sent to a server), and the events posted
 * to it. The page is framed only by an origin its team allows (`frame-ancestors`, answered by the
 * signing site's server); events go to that origin only, never to `*`.
 */

import { embedFragment, isEmbedPath } from "./embed-fragment";

/** The path prefix of the embedded pages. */
export const EMBED_PREFIX = "/embed";

/** What the embedding page may set (`@paraphe/embed`'s options, as the fragment carries them). */
export interface EmbedOptions {
  /** The embedding page's origin: where events go (checked against the frame's parent). */
  origin: string | null;
  language: "en" | "fr" | null;
  /** A direct link's visitor, to prefill; `lock` makes the fields read-only. */
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  lock: boolean;
  /** Whether the signer may decline (true unless the page says `decline=0`). */
  allowDecline: boolean;
  /** Theme variables, as CSS custom properties of the page. */
  theme: Readonly<Record<string, string>>;
}

export const NO_EMBED_OPTIONS: EmbedOptions = {
  origin: null,
  language: null,
  firstname: null,
  lastname: null,
  email: null,
  lock: false,
  allowDecline: true,
  theme: {},
};

const COLOR = /^#[0-9a-fA-F]{6}$/;
const LENGTH = /^\d{1,2}(?:\.\d{1,3})?(?:px|rem)$/;
const FONT = /^[A-Za-z0-9 _-]{1,60}$/;

/** The theme options, by fragment key: the CSS variable each sets and what its value must be. */
const THEME: Readonly<Record<string, { variables: readonly string[]; valid: RegExp }>> = {
  primary: { variables: ["--color-brand-500", "--color-brand-600"], valid: COLOR },
  background: { variables: ["--color-surface-muted"], valid: COLOR },
  surface: { variables: ["--color-surface"], valid: COLOR },
  text: { variables: ["--color-ink"], valid: COLOR },
  radius: { variables: ["--radius-control", "--radius-card"], valid: LENGTH },
  font: { variables: ["--font-sans"], valid: FONT },
};

/** A plain `https://host[:port]` origin (or `http://localhost...`), exactly as a URL writes it. */
function plainOrigin(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    if (url.origin !== value) return null;
    if (url.protocol === "https:") return value;
    return url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname)
      ? value
      : null;
  } catch {
    return null;
  }
}

const text = (value: string | null, max: number) =>
  value === null || value.trim() === "" ? null : value.trim().slice(0, max);

/** The options of a fragment (`#token=...&secret=...&origin=...&lng=fr&primary=%23...`). */
export function parseEmbedOptions(fragment: string): EmbedOptions {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const language = params.get("lng");
  const theme: Record<string, string> = {};
  for (const [key, { variables, valid }] of Object.entries(THEME)) {
    const value = params.get(key);
    if (value === null || !valid.test(value)) continue;
    for (const variable of variables) {
      theme[variable] = key === "font" ? `"${value}", ui-sans-serif, system-ui, sans-serif` : value;
    }
  }
  return {
    origin: plainOrigin(params.get("origin")),
    language: language === "en" || language === "fr" ? language : null,
    firstname: text(params.get("firstname"), 100),
    lastname: text(params.get("lastname"), 100),
    email: text(params.get("email"), 254),
    lock: params.get("lock") === "1",
    allowDecline: params.get("decline") !== "0",
    theme,
  };
}

/** A path of the app as the embedded page names it (`/sign/x` -> `/embed/sign/x` when embedded). */
export function embeddedPath(path: string): string {
  return embedding().embedded && !isEmbedPath(path) ? `${EMBED_PREFIX}${path}` : path;
}

interface Embedding {
  /** On an embedded path and inside a frame. */
  embedded: boolean;
  options: EmbedOptions;
}

let current: Embedding | undefined;

/**
 * The embedding of this page: the options of the fragment the entry kept (`embed-fragment.ts`).
 * Not embedded outside `/embed/` or outside a frame: there are no options then.
 */
export function embedding(): Embedding {
  if (current !== undefined) return current;
  const fragment = embedFragment();
  current =
    fragment === null
      ? { embedded: false, options: NO_EMBED_OPTIONS }
      : { embedded: true, options: parseEmbedOptions(fragment) };
  return current;
}

/** Applies the embedding page's theme variables to the document (CSSOM, allowed by the CSP). */
export function applyEmbedTheme(): void {
  for (const [variable, value] of Object.entries(embedding().options.theme)) {
    document.documentElement.style.setProperty(variable, value);
  }
}

/** The events posted to the embedding page, with their payloads (`@paraphe/embed`'s types). */
export type EmbedEvent =
  | { type: "ready"; payload: { kind: "sign" | "direct"; title: string } }
  | { type: "pageRead"; payload: { pagesRead: number; pageCount: number } }
  | { type: "signed"; payload: { envelopeUuid: string } }
  | { type: "completed"; payload: { envelopeUuid: string } }
  | { type: "declined"; payload: { envelopeUuid: string } }
  | { type: "error"; payload: { code: string } };

/**
 * The origin events go to: the one the embedding page gave, if the frame's parent has it (where the
 * browser says, `location.ancestorOrigins`; elsewhere `postMessage` delivers to that origin only).
 */
function targetOrigin(): string | null {
  const { embedded, options } = embedding();
  if (!embedded || options.origin === null) return null;
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors !== undefined && ancestors.length > 0 && ancestors[0] !== options.origin) {
    return null;
  }
  return options.origin;
}

/** Posts an event to the embedding page; nothing outside a frame or without a known origin. */
export function postEmbedEvent(event: EmbedEvent): void {
  const origin = targetOrigin();
  if (origin === null) return;
  window.parent.postMessage({ source: "paraphe", version: 1, ...event }, origin);
}
