import { useTranslation } from "@paraphe/i18n/react";
import { Button, LoadingScreen, pageChunkLoadGuard } from "@paraphe/ui-kit";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { useDocumentTitle } from "../lib/document-title";

/** The router's error boundary: a failed chunk reloads the page; anything else shows a way out. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunkFailure = pageChunkLoadGuard()?.handleError(error) ?? false;
  useEffect(() => {
    if (!chunkFailure) console.error("Unexpected error while rendering a page", error);
  }, [chunkFailure, error]);
  useDocumentTitle(t("unexpectedError.title"));

  if (chunkFailure) return <LoadingScreen label={t("loading")} />;
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold text-ink">{t("unexpectedError.title")}</h1>
      <p className="max-w-md text-ink-muted">{t("unexpectedError.description")}</p>
      <Button onClick={() => window.location.reload()}>{t("actions.reload")}</Button>
    </div>
  );
}
