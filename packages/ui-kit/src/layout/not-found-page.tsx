import type { ReactNode } from "react";
import { buttonVariants } from "../components/button";
import { cn } from "../lib/cn";

export interface NotFoundPageProps {
  title: string;
  description: string;
  /** Text of the way out (e.g. "Back to the dashboard"). */
  actionLabel: string;
  /** Target of a plain link; or use `renderAction` to render a router link. */
  actionHref?: string;
  /** Renders the action with the app's router: `(children, className) => <Link to="/" className={className}>{children}</Link>`. */
  renderAction?: (children: ReactNode, className: string) => ReactNode;
  className?: string;
}

/** A friendly 404 page (spec §2: "Any other path shows a not-found page"). */
export function NotFoundPage({
  title,
  description,
  actionLabel,
  actionHref,
  renderAction,
  className,
}: NotFoundPageProps) {
  const actionClass = buttonVariants({ variant: "primary", size: "md" });
  let action: ReactNode = null;
  if (renderAction) action = renderAction(actionLabel, actionClass);
  else if (actionHref !== undefined)
    action = (
      <a href={actionHref} className={actionClass}>
        {actionLabel}
      </a>
    );

  return (
    <div
      className={cn(
        "flex min-h-[60dvh] flex-col items-center justify-center px-4 py-16 text-center",
        className,
      )}
    >
      <svg
        viewBox="0 0 120 80"
        width="160"
        height="106"
        aria-hidden="true"
        focusable="false"
        className="mb-6"
      >
        <rect
          x="22"
          y="6"
          width="52"
          height="66"
          rx="6"
          className="fill-brand-50 stroke-brand-300"
          strokeWidth="2"
        />
        <path
          d="M32 22h32M32 32h24M32 42h28"
          className="stroke-brand-200"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M30 58c5-6 9-9 12-4s7 3 10-2"
          fill="none"
          className="stroke-brand-500"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <circle cx="86" cy="46" r="14" fill="none" className="stroke-accent-500" strokeWidth="4" />
        <path
          d="M96 56l12 12"
          className="stroke-accent-500"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      <p className="text-sm font-semibold tracking-widest text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-ink sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-base text-ink-muted">{description}</p>
      {action ? <div className="mt-8">{action}</div> : null}
    </div>
  );
}
