import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { fileSizeParts } from "../format";

/**
 * Formats file sizes in the page's language: `formatFileSize(22_323)` gives "21.8 KB" in English,
 * "21,8 Ko" in French. Re-renders on a language change.
 */
export function useFormatFileSize(): (bytes: number) => string {
  const { t, i18n } = useTranslation("common");
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (bytes: number) => {
      const { key, size, count } = fileSizeParts(bytes, language);
      return t(key, { size, count });
    },
    [t, language],
  );
}
