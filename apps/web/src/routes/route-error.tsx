import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { UnexpectedErrorPage } from "@paraphe/ui-kit";
import { useRouteError } from "react-router";

/** The router's error boundary: a failed chunk reloads the page; anything else shows a way out. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useDocumentTitle(t("unexpectedError.title"));
  return (
    <UnexpectedErrorPage
      error={error}
      title={t("unexpectedError.title")}
      description={t("unexpectedError.description")}
      reloadLabel={t("actions.reload")}
      loadingLabel={t("loading")}
    />
  );
}
