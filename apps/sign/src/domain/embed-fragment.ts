/*
 * What the entry keeps of an embedded page's fragment before the access link takes it away
 * (`takeAccessLink` clears the address's fragment at once): the rest of embedded signing
 * (`embed.ts`) loads with the signing page and reads it from here. Kept small: it is in the entry.
 */

/** Where the fragment is kept for a reload of the frame. */
const STORAGE_KEY = "paraphe.embed";

let captured: string | null | undefined;

/** Whether a path is an embedded page's (`/embed/sign/...`, `/embed/d/...`). */
export function isEmbedPath(pathname: string): boolean {
  return pathname.startsWith("/embed/");
}

function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * The embedding page's fragment (its options), read once; null outside a frame or `/embed/`. A
 * fragment without the embedding page's origin (a reload) gives the one kept in the tab's session.
 */
export function embedFragment(): string | null {
  if (captured !== undefined) return captured;
  captured = null;
  if (!isEmbedPath(window.location.pathname) || !isFramed()) return captured;
  const hash = window.location.hash;
  try {
    if (new URLSearchParams(hash.slice(1)).has("origin")) {
      window.sessionStorage.setItem(STORAGE_KEY, hash);
      captured = hash;
    } else {
      captured = window.sessionStorage.getItem(STORAGE_KEY) ?? hash;
    }
  } catch {
    captured = hash;
  }
  return captured;
}

/** The language the embedding page asked for, if any: the entry loads those texts first. */
export function embedLanguage(): "en" | "fr" | null {
  const fragment = embedFragment();
  if (fragment === null) return null;
  const language = new URLSearchParams(fragment.slice(1)).get("lng");
  return language === "en" || language === "fr" ? language : null;
}
