export { I18nProvider, type I18nProviderProps } from "./react/i18n-provider";
export { useLanguage, type LanguageOption, type UseLanguageResult } from "./react/use-language";
export { Trans, useTranslation } from "react-i18next";
export { useDocumentTitle } from "./react/use-document-title";
export { useFormatFileSize } from "./react/use-format-file-size";
