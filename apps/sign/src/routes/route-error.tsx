import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { UnexpectedErrorPage } from "@paraphe/ui-kit";
import { Component, type ReactNode } from "react";

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

interface RouteErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/** Catches what a page throws while rendering (a lazy part that failed to load...): `RouteError`. */
export class RouteErrorBoundary extends Component<
  { children: ReactNode },
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): RouteErrorBoundaryState {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
