import { cn } from "@paraphe/ui-kit";
import type { ReactNode } from "react";

export interface PageSectionProps {
  /** Id of the heading, which names the section. */
  headingId: string;
  title: string;
  description?: ReactNode;
  /** Lines under the description (a count, a notice). */
  details?: ReactNode;
  /** Buttons beside the title from 640 px, under it on a phone. */
  actions?: ReactNode;
  /** The section's width, where the page limits it. */
  className?: string;
  children: ReactNode;
}

/**
 * A page's section as every page of the team app draws it: named by its `<h2>`, its description
 * and details under the title, its actions beside it, then its content.
 */
export function PageSection({
  headingId,
  title,
  description,
  details,
  actions,
  className,
  children,
}: PageSectionProps) {
  return (
    <section aria-labelledby={headingId} className={cn("flex min-w-0 flex-col gap-4", className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          {description ? <p className="max-w-3xl text-sm text-ink-muted">{description}</p> : null}
          {details}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
