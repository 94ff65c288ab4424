export {
  DEFAULT_LANGUAGE,
  LANGUAGE_LABELS,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  resolveLanguage,
  type Language,
} from "./languages";
export {
  DEFAULT_NAMESPACE,
  NAMESPACES,
  resources,
  type Namespace,
  type Resources,
} from "./resources";
export {
  DETECTION_ORDER,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAMETER,
  LANGUAGE_STORAGE_KEY,
  createBrowserI18n,
  type BrowserI18nOptions,
} from "./browser";
export {
  createLazyBrowserI18n,
  createSelectiveBrowserI18n,
  type AppTexts,
  type LazyBrowserI18nOptions,
  type SelectiveBrowserI18nOptions,
} from "./browser-lazy";
export { loadNamespace } from "./resources/load";
export {
  commonTexts,
  errorsTexts,
  mailTexts,
  proofTexts,
  securityTexts,
  signTexts,
  verifyTexts,
  webTexts,
  type NamespaceResources,
  type NamespaceTexts,
} from "./resources/texts";
export { createServerI18n, formatFileSize, getServerT, serverT, type ServerKey } from "./server";
export { fileSizeParts, type FileSizeKey, type FileSizeParts } from "./format";
export type { TFunction, i18n as I18n } from "i18next";
