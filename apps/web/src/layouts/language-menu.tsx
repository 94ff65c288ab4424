import { isSupportedLanguage } from "@paraphe/i18n";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@paraphe/ui-kit";
import { Languages } from "lucide-react";

/** The language choice of public pages: a button showing the current language, English / Français. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, setLanguage, languages } = useLanguage();
  const current = languages.find((option) => option.code === language)?.label ?? language;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("language.current", { language: current })}>
          <Languages aria-hidden="true" />
          <span aria-hidden="true" className="hidden sm:inline">
            {current}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("language.label")}</DropdownMenuLabel>
        <LanguageRadioItems value={language} onChange={(next) => void setLanguage(next)} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** English / Français as menu radio items (`menuitemradio`), each marked with its own language. */
export function LanguageRadioItems({
  value,
  onChange,
}: {
  value: string;
  onChange: (language: ReturnType<typeof useLanguage>["language"]) => void;
}) {
  const { languages } = useLanguage();
  return (
    <DropdownMenuRadioGroup
      value={value}
      onValueChange={(next) => {
        if (isSupportedLanguage(next)) onChange(next);
      }}
    >
      {languages.map((option) => (
        <DropdownMenuRadioItem key={option.code} value={option.code} lang={option.code}>
          {option.label}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}
