import type { LanguageDetectorModule } from "i18next";

/** Where the browser's language is looked up (the names of `?lng=`, the cookie and the storage item). */
export interface LanguageDetection {
  /** The query parameter (`lng`). */
  lookupQuerystring?: string;
  /** The cookie (`i18next`). */
  lookupCookie?: string;
  /** The local storage item (`i18nextLng`), where the language is also kept once known. */
  lookupLocalStorage?: string;
  /** The session storage item (`i18nextLng`). */
  lookupSessionStorage?: string;
}

/**
 * What the detector reads of a browser window, typed here so that the package also compiles in
 * programs without the DOM's types (the api reads the package's texts, never this detector).
 */
interface BrowserWindow {
  location: { search: string; hash: string };
  document: { cookie: string; documentElement: { getAttribute(name: string): string | null } };
  navigator: { languages: readonly string[]; language: string };
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  sessionStorage: { getItem(key: string): string | null };
}

/** The page's window; undefined outside a browser. */
function browserWindow(): BrowserWindow | undefined {
  return (globalThis as { window?: BrowserWindow }).window;
}

/**
 * A language code i18next accepts from outside (its `isSafeLanguageCode` rule): letters, digits,
 * `-`, `_`, `@` and `.` (no `..`), at most 128 characters, not a prototype key. Markup, quotes,
 * spaces, slashes and `=` are not, so a detected value cannot break out of `<html lang="...">`.
 */
function isSafeLanguageCode(code: unknown): code is string {
  return (
    typeof code === "string" &&
    /^[\w@.-]{1,128}$/.test(code) &&
    !code.includes("..") &&
    !["__proto__", "constructor", "prototype"].includes(code)
  );
}

/** The last value of the query parameter `name`, undecoded (a hash router's query when there is no other). */
function queryValue(location: BrowserWindow["location"], name: string): string | undefined {
  let { search } = location;
  if (!search && location.hash.includes("?"))
    search = location.hash.slice(location.hash.indexOf("?"));
  let found: string | undefined;
  for (const parameter of search.slice(1).split("&")) {
    const equals = parameter.indexOf("=");
    if (equals > 0 && parameter.slice(0, equals) === name) found = parameter.slice(equals + 1);
  }
  return found;
}

/** The cookie `name`'s value, undecoded. */
function cookieValue(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(";")) {
    const trimmed = part.replace(/^ +/, "");
    if (trimmed.startsWith(`${name}=`)) return trimmed.slice(name.length + 1);
  }
  return undefined;
}

/** A storage item; undefined when storage is unavailable (private mode, blocked cookies). */
function storedItem(
  window: BrowserWindow,
  storage: "localStorage" | "sessionStorage",
  key: string,
): string | undefined {
  try {
    return window[storage].getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * i18next's language detector of the browser apps (spec §1): the candidates in `DETECTION_ORDER`
 * (the query parameter, the cookie, local then session storage, the browser's languages, the
 * page's `<html lang>`), region variants reduced to their language ("fr-CA" gives "fr"); i18next
 * takes the first it supports. The language i18next settles on is kept in local storage. What
 * i18next-browser-languagedetector did with the options the apps gave it, in a few lines.
 * @internal
 */
export function browserLanguageDetector(
  names: Required<LanguageDetection>,
): LanguageDetectorModule {
  return {
    type: "languageDetector",
    detect() {
      const window = browserWindow();
      if (window === undefined) return [];
      const { navigator, document } = window;
      const candidates: unknown[] = [
        queryValue(window.location, names.lookupQuerystring),
        cookieValue(document.cookie, names.lookupCookie),
        storedItem(window, "localStorage", names.lookupLocalStorage),
        storedItem(window, "sessionStorage", names.lookupSessionStorage),
        ...navigator.languages,
        navigator.language,
        document.documentElement.getAttribute("lang"),
      ];
      return candidates
        .filter(isSafeLanguageCode)
        .map((language) => language.split(/[-_]/)[0]?.toLowerCase() ?? language);
    },
    cacheUserLanguage(language) {
      if (language === "cimode") return;
      try {
        browserWindow()?.localStorage.setItem(names.lookupLocalStorage, language);
      } catch {
        // Storage unavailable: the language is detected again next time.
      }
    },
  };
}
