import { useTranslation } from "@paraphe/i18n/react";
import { Toaster } from "@paraphe/ui-kit";

/** The notifications (a chunk of its own: nothing is announced before the page is open). */
export function TranslatedToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-center"
      label={t("notifications.label")}
      closeLabel={t("notifications.close")}
    />
  );
}
