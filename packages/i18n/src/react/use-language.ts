import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_LABELS, type Language, SUPPORTED_LANGUAGES, resolveLanguage } from "../languages";

export interface LanguageOption {
  code: Language;
  /** The language's own name ("Français"), the same whatever the current language. */
  label: string;
}

export interface UseLanguageResult {
  /** The current language, always a supported one. */
  language: Language;
  /** Switches every translated text and remembers the choice (local storage, with the detector). */
  setLanguage: (language: Language) => Promise<void>;
  languages: readonly LanguageOption[];
}

const LANGUAGE_OPTIONS: readonly LanguageOption[] = SUPPORTED_LANGUAGES.map((code) => ({
  code,
  label: LANGUAGE_LABELS[code],
}));

/** The current language and a way to change it, for language menus. Re-renders on change. */
export function useLanguage(): UseLanguageResult {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const setLanguage = useCallback(
    async (next: Language) => {
      await i18n.changeLanguage(next);
    },
    [i18n],
  );
  return useMemo(
    () => ({ language, setLanguage, languages: LANGUAGE_OPTIONS }),
    [language, setLanguage],
  );
}
