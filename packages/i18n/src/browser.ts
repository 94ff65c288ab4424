import { type i18n as I18n } from "i18next";
import { browserInitOptions, newBrowserInstance, type BrowserI18nOptions } from "./browser-options";
import { NAMESPACES, resources } from "./resources";

export {
  DETECTION_ORDER,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAMETER,
  LANGUAGE_STORAGE_KEY,
  type BrowserI18nOptions,
} from "./browser-options";

/**
 * Creates the i18next instance of a browser app: every resource bundled (no network), the language
 * detected in DETECTION_ORDER and cached in local storage, region variants reduced to their language
 * ("fr-CA" gives "fr"), anything unsupported falls back to English. Ready when it returns, so the
 * first render is already translated. Keeps `<html lang>` in step with the current language.
 */
export function createBrowserI18n(options: BrowserI18nOptions = {}): I18n {
  const instance = newBrowserInstance(options);
  void instance.init({
    ...browserInitOptions(options),
    resources,
    ns: NAMESPACES,
    initAsync: false,
  });
  return instance;
}
