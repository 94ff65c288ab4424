/** The languages Paraphe speaks (spec §1, §9). English is the fallback. */
export const SUPPORTED_LANGUAGES = ["en", "fr"] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's name in that language, as the language menus show it. */
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = {
  en: "English",
  fr: "Français",
};

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The supported language a language tag stands for: "fr-CA" and "FR" give "fr"; anything else
 * (unknown, empty, missing) gives the default language. Use it for stored preferences such as a
 * user's preferred communication language.
 */
export function resolveLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const base = value.trim().split(/[-_]/)[0]?.toLowerCase();
  return isSupportedLanguage(base) ? base : DEFAULT_LANGUAGE;
}
