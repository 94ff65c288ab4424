import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { PlainButton } from "@paraphe/ui-kit";
import { Languages } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import type * as DropdownModule from "./language-menu-dropdown";

type Dropdown = (typeof DropdownModule)["LanguageMenuDropdown"];

let dropdownLoad: Promise<Dropdown | undefined> | undefined;

/**
 * The menu's chunk (the dropdown and its positioning library), downloaded once. Undefined when the
 * chunk-load guard answers a failed download (it reloads the page); a rejected one may be retried.
 */
function loadDropdown(): Promise<Dropdown | undefined> {
  dropdownLoad ??= import("./language-menu-dropdown")
    .then((module: typeof DropdownModule | undefined) => module?.LanguageMenuDropdown)
    .catch((error: unknown) => {
      dropdownLoad = undefined;
      throw error;
    });
  return dropdownLoad;
}

/**
 * The language choice of public pages: a button showing the current language, opening English /
 * Français. The first paint carries the button alone: the menu downloads on hover or focus, and the
 * button becomes the menu's trigger when the reader opens it (click, Enter, Space or Down arrow).
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, languages } = useLanguage();
  const [dropdown, setDropdown] = useState<{ Menu: Dropdown }>();
  const [open, setOpen] = useState(false);
  const current = languages.find((option) => option.code === language)?.label ?? language;

  const preload = () => void loadDropdown().catch(() => undefined);
  const openMenu = () => {
    void loadDropdown()
      .then((Menu) => {
        if (!Menu) return;
        setDropdown((loaded) => loaded ?? { Menu });
        setOpen(true);
      })
      .catch(() => undefined);
  };

  const trigger = (
    <PlainButton
      variant="ghost"
      size="sm"
      aria-label={t("language.current", { language: current })}
      {...(dropdown
        ? {}
        : {
            "aria-haspopup": "menu" as const,
            "aria-expanded": false,
            onPointerEnter: preload,
            onFocus: preload,
            onClick: openMenu,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === "ArrowDown") {
                event.preventDefault();
                openMenu();
              }
            },
          })}
    >
      <Languages aria-hidden="true" />
      <span aria-hidden="true" className="hidden sm:inline">
        {current}
      </span>
    </PlainButton>
  );
  if (!dropdown) return trigger;
  return <dropdown.Menu trigger={trigger} open={open} onOpenChange={setOpen} />;
}
