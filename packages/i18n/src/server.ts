import i18next, { type ParseKeys, type TFunction, type TOptions, type i18n as I18n } from "i18next";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, resolveLanguage } from "./languages";
import { fileSizeParts } from "./format";
import { DEFAULT_NAMESPACE, NAMESPACES, type Namespace, resources } from "./resources";

/**
 * Creates an i18next instance for server-side texts (mail): every resource loaded, no detection,
 * the language given per call. Values are not HTML-escaped: a subject line or a plain-text body
 * must not show "&amp;"; an HTML template must escape what it interpolates.
 */
export function createServerI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    load: "languageOnly",
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

let shared: I18n | undefined;

function serverI18n(): I18n {
  shared ??= createServerI18n();
  return shared;
}

/**
 * A `t` bound to a language and a namespace, for server code: `getServerT(user.language, "mail")`.
 * The language may be any stored tag: "fr-CA" gives French, anything unsupported English.
 */
export function getServerT<N extends Namespace = "mail">(
  language: string | null | undefined,
  namespace?: N,
): TFunction<N> {
  return serverI18n().getFixedT(resolveLanguage(language), namespace ?? ("mail" as N));
}

/** A key of any namespace, written "namespace:key" ("mail:loginCode.subject") or bare for `common`. */
export type ServerKey = ParseKeys<Namespace[]>;

/**
 * Translates one key on the server: `serverT("fr", "mail:loginCode.expires", { count: 10 })`.
 * The language may be any stored tag; unsupported ones give English.
 */
export function serverT(
  language: string | null | undefined,
  key: ServerKey,
  options?: TOptions,
): string {
  const t: TFunction<Namespace[]> = serverI18n().getFixedT(resolveLanguage(language), [
    ...NAMESPACES,
  ]);
  return t(key, options ?? {});
}

/**
 * A file size in the language's units on the server (mails, error messages): "21.8 KB" in
 * English, "21,8 Ko" in French. The language may be any stored tag; unsupported ones give English.
 */
export function formatFileSize(bytes: number, language: string | null | undefined): string {
  const { key, size, count } = fileSizeParts(bytes, language);
  return serverI18n().getFixedT(resolveLanguage(language), "common")(key, { size, count });
}
