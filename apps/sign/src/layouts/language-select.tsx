import { isSupportedLanguage } from "@paraphe/i18n";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { cn, Select } from "@paraphe/ui-kit";
import { Languages } from "lucide-react";

/** The signing app's language choice (English / Français), the shared Select with a globe icon. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage, languages } = useLanguage();
  return (
    <div className={cn("relative inline-flex items-center", className)}>
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 z-10 size-4 text-ink-muted"
      />
      <Select
        aria-label={t("language.label")}
        value={language}
        onValueChange={(value) => {
          if (isSupportedLanguage(value)) void setLanguage(value);
        }}
        className="h-8 w-auto gap-1 border-transparent bg-transparent pr-2 pl-8 font-medium shadow-none hover:bg-brand-50 sm:text-sm"
        options={languages.map((option) => ({
          value: option.code,
          label: <span lang={option.code}>{option.label}</span>,
        }))}
      />
    </div>
  );
}
