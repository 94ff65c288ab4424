import { pageChunkLoadGuard } from "@paraphe/ui-kit";
import { Component, lazy, Suspense, type ReactNode } from "react";

// The error page (the ui-kit's, with its button) is a chunk of its own, downloaded only when a page
// fails: it stays out of the first paint.
const RouteError = lazy(() =>
  import("./route-error-page").then((module) => ({ default: module.RouteError })),
);

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
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorPageDownloadBoundary>
        <Suspense fallback={null}>
          <RouteError error={this.state.error} />
        </Suspense>
      </ErrorPageDownloadBoundary>
    );
  }
}

/**
 * When the error page's own chunk cannot be downloaded (the network is gone), hands that failure to
 * the page's chunk-load guard, which reloads the page or shows its message.
 */
class ErrorPageDownloadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    pageChunkLoadGuard()?.handleError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
