import { isSupportedLanguage } from "@paraphe/i18n";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { ChevronDown, Languages } from "lucide-react";
import { useId } from "react";

/**
 * The signing app's language choice (English / Français): a native select (light in this small
 * bundle, and the platform's own picker on phones), with a globe icon.
 *
 * It is part of the first paint, so it is the ui-kit's `Select` written out with its classes already
 * merged (the ui-kit's `cn` would bring tailwind-merge into the initial chunk);
 * `app/first-paint-markup.test.tsx` checks that its markup stays the same as the shared Select's.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { language, setLanguage, languages } = useLanguage();
  const id = useId();
  return (
    <div className="relative inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 z-10 size-4 text-ink-muted"
      />
      <div className="relative inline-flex items-center w-auto">
        {/* eslint-disable-next-line no-restricted-syntax -- the ui-kit Select's markup without its tailwind-merge (first paint) */}
        <select
          onChange={(event) => {
            const value = event.target.value;
            if (isSupportedLanguage(value)) void setLanguage(value);
          }}
          className="w-full cursor-pointer appearance-none rounded-control border pr-9 text-base text-ink transition-colors hover:border-brand-300 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-60 aria-invalid:border-danger h-8 border-transparent bg-transparent pl-8 font-medium shadow-none hover:bg-brand-50 sm:text-sm"
          id={id}
          value={language}
        >
          {languages.map((option) => (
            <option key={option.code} value={option.code} lang={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 size-4 text-ink-muted"
        />
      </div>
    </div>
  );
}
