import { type BackendModule, type i18n as I18n } from "i18next";
import { browserInitOptions, newBrowserInstance, type BrowserI18nOptions } from "./browser-options";
import { DEFAULT_LANGUAGE, isSupportedLanguage, SUPPORTED_LANGUAGES } from "./languages";
import { DEFAULT_NAMESPACE, type Namespace } from "./resources/namespaces";
import { allTexts, type NamespaceTexts } from "./resources/texts";

export interface LazyBrowserI18nOptions extends BrowserI18nOptions {
  /** The namespaces the app uses (the default one, `common`, is always loaded). */
  namespaces: readonly Namespace[];
}

/** The texts an app can show: `common` and the namespaces it names, each with its downloads. */
export type AppTexts = { readonly common: NamespaceTexts } & Readonly<
  Partial<Record<Namespace, NamespaceTexts>>
>;

export interface SelectiveBrowserI18nOptions extends LazyBrowserI18nOptions {
  /**
   * Every namespace the app may show, with its downloads (`{ common: commonTexts, web: webTexts }`):
   * the only texts its build holds. `namespaces` are downloaded before the instance resolves; the
   * others when the app asks for them (`i18n.loadNamespaces`, say before a page that shows them).
   */
  texts: AppTexts;
}

/**
 * An i18next backend that reads each namespace from its own chunk, and remembers the first failure
 * (a failed dynamic import, which the apps' chunk-load guard recognises).
 */
function chunkBackend(texts: AppTexts): { backend: BackendModule; failure: () => unknown } {
  let failure: unknown;
  const backend: BackendModule = {
    type: "backend",
    init() {},
    read(language, namespace, callback) {
      if (!isSupportedLanguage(language)) {
        callback(new Error(`unsupported language "${language}"`), false);
        return;
      }
      const download = Object.hasOwn(texts, namespace)
        ? texts[namespace as Namespace]?.[language]
        : undefined;
      if (!download) {
        callback(new Error(`the app has no texts of namespace "${namespace}"`), false);
        return;
      }
      download().then(
        (texts) => callback(null, texts),
        (error: unknown) => {
          failure ??= error;
          // No data: i18next does not retry (a failed import stays failed in the browser).
          callback(error instanceof Error ? error : new Error(String(error)), null);
        },
      );
    },
  };
  return { backend, failure: () => failure };
}

/**
 * Like `createBrowserI18n`, for an app that bundles only what it shows: the given namespaces are
 * downloaded on demand, in the detected language only (each language and namespace is a chunk of
 * its own), and another language's texts only when the app switches to it (`changeLanguage` waits
 * for them before the texts change). Resolves once the first language's texts are there, so the
 * first render is translated; rejects with the import's error if they cannot be downloaded.
 *
 * A supported language does not fall back to English key by key (both languages have every key:
 * the package's parity tests see to it), so English is not downloaded for a French reader.
 */
export function createLazyBrowserI18n(options: LazyBrowserI18nOptions): Promise<I18n> {
  return createSelectiveBrowserI18n({ ...options, texts: allTexts });
}

/**
 * `createLazyBrowserI18n` for an app whose build holds only the namespaces it names in `texts`
 * (the others, and their chunks, are left out by the bundler): `namespaces` in the detected language
 * before it resolves, the rest of `texts` on demand, another language when the app switches to it.
 * An unnamed namespace fails to load (its keys would show raw).
 */
export async function createSelectiveBrowserI18n(
  options: SelectiveBrowserI18nOptions,
): Promise<I18n> {
  const namespaces = [...new Set<Namespace>([DEFAULT_NAMESPACE, ...options.namespaces])];
  const { backend, failure } = chunkBackend(options.texts);
  const instance = newBrowserInstance(options).use(backend);
  const noFallback = Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, []]));
  await instance.init({
    ...browserInitOptions(options),
    // Unsupported languages become English; a supported one needs no other language's texts.
    fallbackLng: { ...noFallback, default: [DEFAULT_LANGUAGE] },
    ns: namespaces,
    initAsync: true,
  });
  const language = instance.resolvedLanguage ?? instance.language;
  const missing = namespaces.filter(
    (namespace) => !instance.hasResourceBundle(language, namespace),
  );
  if (missing.length > 0) {
    throw (
      failure() ??
      new Error(`the ${language} texts of ${missing.join(", ")} could not be downloaded`)
    );
  }
  return instance;
}
