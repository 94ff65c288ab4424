import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { UnexpectedErrorPage } from "@paraphe/ui-kit";

/** The page of an error no page caught: a failed chunk reloads the page; anything else shows a way out. */
export function RouteError({ error }: { error: unknown }) {
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
