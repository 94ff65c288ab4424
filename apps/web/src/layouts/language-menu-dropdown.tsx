import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@paraphe/ui-kit";
import { type ReactElement } from "react";
import { LanguageRadioItems } from "./language-radio-items";

/**
 * The language menu itself (a chunk loaded on demand by `LanguageMenu`): open from its first render,
 * since it replaces the plain button at the moment the reader opens it.
 */
export function LanguageMenuDropdown({
  trigger,
  open,
  onOpenChange,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("language.label")}</DropdownMenuLabel>
        <LanguageRadioItems value={language} onChange={(next) => void setLanguage(next)} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
