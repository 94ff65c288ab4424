import { installChunkLoadGuard, type ChunkLoadGuard } from "./chunk-load-guard";

/** The texts of the give-up message, per language code ("en", "fr"). */
export interface ChunkLoadFailureTexts {
  title: string;
  description: string;
  reload: string;
}

export const CHUNK_LOAD_FAILURE_ID = "chunk-load-failure";
const GLOBAL_KEY = "__paraphe_chunkLoadGuard";

type GuardWindow = Window & { [GLOBAL_KEY]?: ChunkLoadGuard };

/**
 * The language of the give-up message: the query parameter `lng`, then the language cached by the
 * app, then the browser's languages; English when none is known.
 */
export function pickMessageLanguage(
  messages: Readonly<Record<string, ChunkLoadFailureTexts>>,
  win: Window = window,
): string {
  const candidates: (string | null | undefined)[] = [];
  try {
    candidates.push(new URLSearchParams(win.location.search).get("lng"));
    candidates.push(win.localStorage.getItem("i18nextLng"));
  } catch {
    // storage may be unavailable (private mode, blocked cookies)
  }
  candidates.push(...(win.navigator.languages ?? []), win.navigator.language);
  for (const candidate of candidates) {
    const code = (candidate ?? "").slice(0, 2).toLowerCase();
    if (code && messages[code]) return code;
  }
  return "en";
}

/**
 * Shows, without React (whose code may be what failed to load) and without the app's stylesheet,
 * a message that the app could not be loaded, with a button that reloads the page. Shown once.
 */
export function showChunkLoadFailure(
  texts: ChunkLoadFailureTexts,
  doc: Document = document,
  reload: () => void = () => doc.defaultView?.location.reload(),
): HTMLElement {
  const existing = doc.getElementById(CHUNK_LOAD_FAILURE_ID);
  if (existing) return existing;

  const panel = doc.createElement("div");
  panel.id = CHUNK_LOAD_FAILURE_ID;
  panel.setAttribute("role", "alert");
  panel.setAttribute("data-testid", CHUNK_LOAD_FAILURE_ID);
  panel.style.cssText =
    "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;padding:24px;background:#f7f7fb;color:#16161d;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

  const box = doc.createElement("div");
  box.style.cssText =
    "max-width:420px;background:#fff;border:1px solid #e4e4ec;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgb(22 22 29 / 0.08)";

  const title = doc.createElement("h1");
  title.style.cssText = "margin:0 0 8px;font-size:18px;font-weight:600";
  title.textContent = texts.title;

  const description = doc.createElement("p");
  description.style.cssText = "margin:0 0 16px;color:#5d5d6e;line-height:1.5";
  description.textContent = texts.description;

  const button = doc.createElement("button");
  button.type = "button";
  button.style.cssText =
    "background:#5755ff;color:#fff;border:0;border-radius:8px;padding:10px 16px;font:inherit;font-weight:600;cursor:pointer";
  button.textContent = texts.reload;
  button.addEventListener("click", () => reload());

  box.append(title, description, button);
  panel.append(box);
  doc.body.append(panel);
  button.focus();
  return panel;
}

/**
 * Installs the chunk-load guard for the whole page, before the app's scripts run (the build makes
 * this a classic script that index.html loads first, so a failed entry script is caught too), and
 * shows the give-up message in the page's language.
 */
export function installPageChunkLoadGuard(
  messages: Readonly<Record<string, ChunkLoadFailureTexts>>,
  win: Window = window,
): ChunkLoadGuard {
  const guardWindow = win as GuardWindow;
  const existing = guardWindow[GLOBAL_KEY];
  if (existing) return existing;
  const guard = installChunkLoadGuard({
    target: win,
    onGiveUp: () => {
      const texts = messages[pickMessageLanguage(messages, win)] ?? messages.en;
      if (!texts) return;
      const doc = win.document;
      if (doc.body) showChunkLoadFailure(texts, doc);
      else doc.addEventListener("DOMContentLoaded", () => showChunkLoadFailure(texts, doc));
    },
  });
  guardWindow[GLOBAL_KEY] = guard;
  return guard;
}

/** The page's guard, for route error boundaries that catch a failed lazy import themselves. */
export function pageChunkLoadGuard(win: Window = window): ChunkLoadGuard | null {
  return (win as GuardWindow)[GLOBAL_KEY] ?? null;
}
