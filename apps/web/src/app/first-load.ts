import { DEFAULT_LANGUAGE, isSupportedLanguage, type Language } from "@paraphe/i18n";
import { firstPageModules, routeModules, usesQueries } from "./route-modules";
import { SESSION_STORAGE_KEY } from "./session/session-storage";
import { FIRST_NAMESPACES, WEB_TEXTS } from "./web-texts";

// What the entry (`main.tsx`) does before React is there: nothing here imports React or i18next.

/** A storage item; null when storage is unavailable (private mode, blocked cookies). */
function storedItem(win: Window, storage: "localStorage" | "sessionStorage", key: string) {
  try {
    return win[storage].getItem(key);
  } catch {
    return null;
  }
}

/** The last `lng` query parameter's value, undecoded, as i18next's detector reads it. */
function queryLanguage(search: string): string | undefined {
  return [...search.matchAll(/(?:^\?|&)lng=([^&]*)/g)].at(-1)?.[1];
}

/** The `i18next` cookie's value, undecoded, as i18next's detector reads it. */
function cookieLanguage(doc: Document): string | undefined {
  return /(?:^|;) *i18next=([^;]*)/.exec(doc.cookie)?.[1];
}

/**
 * The language the app's i18next instance will detect (`@paraphe/i18n`'s `DETECTION_ORDER`: the
 * `lng` query parameter, the cookie, local then session storage, the browser's languages, the
 * page's `<html lang>`; the first supported one, region variants reduced to their language;
 * English when none is), read without i18next so that its texts are asked for at once. The names
 * are `@paraphe/i18n`'s (`LANGUAGE_QUERY_PARAMETER`, `LANGUAGE_COOKIE`, `LANGUAGE_STORAGE_KEY`),
 * written out because the module that exports them imports i18next; `first-load.test.ts` compares
 * the outcome with i18next's. (The detector also reads Internet Explorer's `navigator.userLanguage`,
 * which no supported browser has.)
 */
export function detectFirstLanguage(win: Window = window): Language {
  const candidates = [
    queryLanguage(win.location.search),
    cookieLanguage(win.document),
    storedItem(win, "localStorage", "i18nextLng"),
    storedItem(win, "sessionStorage", "i18nextLng"),
    ...win.navigator.languages,
    win.navigator.language,
    win.document.documentElement.getAttribute("lang"),
  ];
  for (const candidate of candidates) {
    const language = candidate?.split(/[-_]/)[0]?.toLowerCase();
    if (isSupportedLanguage(language)) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** Whether a user is stored (the session guard's first question), without reading it further. */
function hasStoredUser(win: Window): boolean {
  return storedItem(win, "localStorage", SESSION_STORAGE_KEY)?.includes('"user":') ?? false;
}

/**
 * Asks for what the first page shows, at the same time as React (the entry calls it before it asks
 * for the app): the texts of the reader's language (those `createWebI18n` waits for) and the route
 * modules of the page at the address (those the router's lazy routes load, with the query client's
 * for a page that uses it). The app's later imports of the same modules find them there. Nothing
 * waits on these: a failed download is the chunk-load guard's (Vite's preload helper tells it), as
 * when the app asks for the same module.
 */
export function startFirstPage(win: Window = window): void {
  const language = detectFirstLanguage(win);
  for (const namespace of ["common", ...FIRST_NAMESPACES] as const) {
    WEB_TEXTS[namespace][language]().catch(() => undefined);
  }
  const modules = firstPageModules(win.location.pathname, hasStoredUser(win));
  for (const name of modules) routeModules[name]().catch(() => undefined);
  // A page that uses queries comes with the app's query client (TanStack Query), which the router
  // loads with it (`router.tsx`).
  if (usesQueries(modules)) import("./query-scope").catch(() => undefined);
}
