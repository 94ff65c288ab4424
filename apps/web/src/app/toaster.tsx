import { useTranslation } from "@paraphe/i18n/react";
import { Toaster, toast } from "@paraphe/ui-kit";

/**
 * The notifications, with the notification library: a chunk of their own, asked for with the first
 * render but not part of the first load (a toast sent before they are there shows when they are:
 * the library keeps it for the list that subscribes).
 */
export function TranslatedToaster() {
  const { t } = useTranslation();
  return <Toaster label={t("notifications.label")} closeLabel={t("notifications.close")} />;
}

export { toast };
