import { useEffect } from "react";
import { PlainButton } from "../components/plain-button";
import { pageChunkLoadGuard } from "../runtime/page-chunk-load-guard";
import { LoadingScreen } from "./loading-screen";

export interface UnexpectedErrorPageProps {
  /** What the router's error boundary caught. */
  error: unknown;
  title: string;
  description: string;
  reloadLabel: string;
  /** Shown while the page reloads after a failed code chunk. */
  loadingLabel: string;
}

/**
 * The page shown by an app's error boundary. A failed code chunk is handed to the page's chunk-load
 * guard (which reloads the page); anything else is logged and offers a reload.
 */
export function UnexpectedErrorPage({
  error,
  title,
  description,
  reloadLabel,
  loadingLabel,
}: UnexpectedErrorPageProps) {
  const chunkFailure = pageChunkLoadGuard()?.handleError(error) ?? false;
  useEffect(() => {
    if (!chunkFailure) console.error("Unexpected error while rendering a page", error);
  }, [chunkFailure, error]);

  if (chunkFailure) return <LoadingScreen label={loadingLabel} />;
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      <p className="max-w-md text-ink-muted">{description}</p>
      <PlainButton onClick={() => window.location.reload()}>{reloadLabel}</PlainButton>
    </div>
  );
}
