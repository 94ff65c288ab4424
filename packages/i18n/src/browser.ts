import i18next, { type i18n as I18n } from "i18next";
import LanguageDetector, { type DetectorOptions } from "i18next-browser-languagedetector";
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES, resolveLanguage } from "./languages";
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from "./resources";

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
  /** Overrides of the detector's options (say, another cookie domain). */
  detection?: Omit<DetectorOptions, "order" | "caches" | "convertDetectedLanguage">;
  /** Log i18next's own diagnostics (missing keys...). */
  debug?: boolean;
}

/**
 * Creates the i18next instance of a browser app: every resource bundled (no network), the language
 * detected in DETECTION_ORDER and cached in local storage, region variants reduced to their language
 * ("fr-CA" gives "fr"), anything unsupported falls back to English. Ready when it returns, so the
 * first render is already translated. Keeps `<html lang>` in step with the current language.
 */
export function createBrowserI18n(options: BrowserI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  if (!options.language) instance.use(LanguageDetector);

  instance.on("languageChanged", (language) => {
    if (typeof document !== "undefined") document.documentElement.lang = resolveLanguage(language);
  });

  void instance.init({
    resources,
    lng: options.language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    nonExplicitSupportedLngs: false,
    load: "languageOnly",
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    debug: options.debug ?? false,
    // React escapes what it renders; escaping here too would show "&amp;" to the user.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    detection: {
      lookupQuerystring: LANGUAGE_QUERY_PARAMETER,
      lookupCookie: LANGUAGE_COOKIE,
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupSessionStorage: LANGUAGE_STORAGE_KEY,
      ...options.detection,
      order: [...DETECTION_ORDER],
      caches: ["localStorage"],
      // Region variants ("fr-FR", "fr_CA") are cached and used as their plain language.
      convertDetectedLanguage: (language) => language.split(/[-_]/)[0]?.toLowerCase() ?? language,
    },
  });

  return instance;
}
