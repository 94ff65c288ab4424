import { isSupportedLanguage } from "@paraphe/i18n";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { cn } from "@paraphe/ui-kit";
import { ChevronDown, Languages } from "lucide-react";
import { useId } from "react";

/**
 * The signing app's language choice: a native select (English / Français). Lighter than a menu
 * component in this small bundle, and it opens the platform's own picker on phones.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage, languages } = useLanguage();
  const id = useId();
  return (
    <div className={cn("relative inline-flex items-center", className)}>
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 size-4 text-ink-muted"
      />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isSupportedLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
        className={cn(
          "h-8 cursor-pointer appearance-none rounded-control bg-transparent pr-7 pl-8 text-sm font-medium text-ink",
          "hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        )}
      >
        {languages.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-2 size-4 text-ink-muted"
      />
    </div>
  );
}
