import { isSupportedLanguage } from "@paraphe/i18n";
import { useLanguage } from "@paraphe/i18n/react";
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from "@paraphe/ui-kit";

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
