import type { ReactNode } from "react";
import { cx } from "../lib/cx";

export interface PublicLayoutProps {
  /** Branding at the left of the header (usually a Logo, possibly in a link). */
  brand: ReactNode;
  /** A short line beside (desktop) or under (phone) the branding, e.g. "Secure electronic signature". */
  subtitle: string;
  /** Header actions: the sign-in link, the language menu. */
  actions: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Width of the content column; defaults to a reading width (`max-w-3xl`). */
  contentClassName?: string;
  className?: string;
}

/**
 * The layout of pages without a session (login, public signing, confirmation): a header with the
 * branding, a subtitle and actions, the content centred in a column, and an optional footer.
 */
export function PublicLayout({
  brand,
  subtitle,
  actions,
  children,
  footer,
  contentClassName,
  className,
}: PublicLayoutProps) {
  return (
    <div className={cx("flex min-h-dvh flex-col bg-surface-muted text-ink", className)}>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
            <div className="shrink-0">{brand}</div>
            <p className="text-sm text-ink-muted sm:truncate sm:border-l sm:border-border sm:pl-4">
              {subtitle}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2">{actions}</div>
        </div>
      </header>
      <main className="flex flex-1 justify-center px-4 py-8 sm:px-6 sm:py-12">
        <div className={cx("w-full max-w-3xl", contentClassName)}>{children}</div>
      </main>
      {footer ? (
        <footer className="border-t border-border bg-surface">
          <div className="mx-auto w-full max-w-6xl px-4 py-4 text-sm text-ink-muted sm:px-6">
            {footer}
          </div>
        </footer>
      ) : null}
    </div>
  );
}
