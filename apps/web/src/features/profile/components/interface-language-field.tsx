import { isSupportedLanguage } from "@paraphe/i18n";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { RadioGroup } from "@paraphe/ui-kit";
import { useId } from "react";

/**
 * The language of the screens (spec §2: "Language is also offered in settings"): the same choice
 * as the header's language menu (`useLanguage`), applied at once and remembered on this device.
 * It is not the preferred language of the profile, which is the one of mail.
 */
export function InterfaceLanguageField() {
  const { t } = useTranslation("web");
  const { language, setLanguage, languages } = useLanguage();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend id={`${id}-legend`} className="mb-1.5 text-sm font-medium text-ink">
        {t("settings.profile.interfaceLanguage")}
      </legend>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {t("settings.profile.interfaceLanguageHint")}
      </p>
      <RadioGroup
        aria-labelledby={`${id}-legend`}
        aria-describedby={`${id}-hint`}
        value={language}
        onValueChange={(next) => {
          if (isSupportedLanguage(next)) void setLanguage(next);
        }}
        options={languages.map((option) => ({
          value: option.code,
          label: <span lang={option.code}>{option.label}</span>,
        }))}
      />
    </fieldset>
  );
}
