import i18next, { type InitOptions, type i18n as I18n } from "i18next";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, resolveLanguage, type Language } from "./languages";
import { browserLanguageDetector, type LanguageDetection } from "./language-detector";
import { DEFAULT_NAMESPACE } from "./resources/namespaces";

/**
 * Where the browser looks for the language, first match wins (spec §1): the `lng` query parameter,
 * the cookie, local storage, session storage, the browser's languages, the page's `<html lang>`.
 */
export const DETECTION_ORDER = [
  "querystring",
  "cookie",
  "localStorage",
  "sessionStorage",
  "navigator",
  "htmlTag",
] as const;

/** Names read by the detector: `?lng=fr`, cookie `i18next`, storage item `i18nextLng`. */
export const LANGUAGE_QUERY_PARAMETER = "lng";
export const LANGUAGE_COOKIE = "i18next";
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

export interface BrowserI18nOptions {
  /** Use this language and skip detection (tests, previews). */
  language?: Language;
  /** Other names for the detector to look up (the query parameter, the cookie, the storage items). */
  detection?: LanguageDetection;
  /** Log i18next's own diagnostics (missing keys...). */
  debug?: boolean;
}

/**
 * A fresh i18next instance with the language detector (`language-detector.ts`, unless a language
 * is given) that keeps `<html lang>` in step with the current language.
 * @internal
 */
export function newBrowserInstance(options: BrowserI18nOptions): I18n {
  const instance = i18next.createInstance();
  if (!options.language)
    instance.use(
      browserLanguageDetector({
        lookupQuerystring: LANGUAGE_QUERY_PARAMETER,
        lookupCookie: LANGUAGE_COOKIE,
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        lookupSessionStorage: LANGUAGE_STORAGE_KEY,
        ...options.detection,
      }),
    );
  instance.on("languageChanged", (language) => {
    if (typeof document !== "undefined") document.documentElement.lang = resolveLanguage(language);
  });
  return instance;
}

/**
 * The options both browser set-ups share (detection in DETECTION_ORDER cached in local storage,
 * region variants reduced to their language, is the detector's: `newBrowserInstance`), English
 * for anything unsupported.
 * @internal
 */
export function browserInitOptions(options: BrowserI18nOptions): InitOptions {
  return {
    lng: options.language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    nonExplicitSupportedLngs: false,
    load: "languageOnly",
    defaultNS: DEFAULT_NAMESPACE,
    debug: options.debug ?? false,
    // React escapes what it renders; escaping here too would show "&amp;" to the user.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  };
}
