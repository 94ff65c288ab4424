import { Button, cn } from "@paraphe/ui-kit";
import { useTranslation } from "@paraphe/i18n/react";
import { useErrorText } from "./api/error-text";

/**
 * A block that could not load: what failed (the page's own message), the api's explanation, and a
 * retry button. Announced as an alert.
 */
export function LoadFailure({
  message,
  error,
  retry,
  retryLabel,
  className,
}: {
  message: string;
  error: unknown;
  retry: () => void;
  retryLabel: string;
  className?: string;
}) {
  const errorText = useErrorText();
  return (
    <div role="alert" className={cn("flex flex-col items-start gap-2", className)}>
      <p className="text-sm font-medium text-danger">{message}</p>
      <p className="text-sm text-ink-muted">{errorText.apiError(error)}</p>
      <Button variant="secondary" onClick={retry}>
        {retryLabel}
      </Button>
    </div>
  );
}

/**
 * A query that could not load, on one line: what failed (`message`, the page's own words), the
 * api's explanation, and a button that asks again. Announced as an alert.
 */
export function QueryLoadError({
  query,
  message,
  id,
}: {
  query: { error: unknown; refetch: () => unknown };
  message?: string;
  id?: string;
}) {
  const { t } = useTranslation("common");
  const errorText = useErrorText();
  return (
    <div id={id} role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
      {message === undefined ? null : `${message} `}
      {errorText.apiError(query.error)}
      <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
        {t("actions.retry")}
      </Button>
    </div>
  );
}
