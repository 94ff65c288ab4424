import { Button, cn } from "@paraphe/ui-kit";
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
