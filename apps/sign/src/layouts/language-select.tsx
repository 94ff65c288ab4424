import { isSupportedLanguage } from "@paraphe/i18n";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { cn, Select } from "@paraphe/ui-kit";
import { Languages } from "lucide-react";
import { useId } from "react";

/**
 * The signing app's language choice (English / Français): the shared Select, which is a native
 * select (light in this small bundle, and the platform's own picker on phones), with a globe icon.
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
        className="pointer-events-none absolute left-2.5 z-10 size-4 text-ink-muted"
      />
      <Select
        id={id}
        value={language}
        onValueChange={(value) => {
          if (isSupportedLanguage(value)) void setLanguage(value);
        }}
        containerClassName="w-auto"
        className="h-8 border-transparent bg-transparent pl-8 font-medium shadow-none hover:bg-brand-50 sm:text-sm"
        options={languages.map((option) => ({
          value: option.code,
          label: option.label,
          lang: option.code,
        }))}
      />
    </div>
  );
}
