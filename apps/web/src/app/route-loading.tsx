import { useTranslation } from "@paraphe/i18n/react";
import { LoadingScreen } from "@paraphe/ui-kit";

/** What the router shows while the first page's route module loads. */
export function RouteLoading() {
  const { t } = useTranslation();
  return <LoadingScreen label={t("loading")} />;
}
