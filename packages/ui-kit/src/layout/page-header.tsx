import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../components/button";
import { cn } from "../lib/cn";

export interface PageHeaderProps {
  /** A string (rendered as the page's `<h1>`) or a node that brings its own heading (EditablePageTitle). */
  title: ReactNode;
  /** Text under the title. */
  description?: ReactNode;
  /** A back button before the title, where a screen asks for one. */
  back?: { label: string; onClick: () => void };
  /** Buttons at the right (wrapping under the title on phones). */
  actions?: ReactNode;
  className?: string;
}

/** The top of a page: optional back button, title, description and actions. */
export function PageHeader({ title, description, back, actions, className }: PageHeaderProps) {
  return (
    <div className={cn("mb-6 flex flex-wrap items-start gap-x-4 gap-y-3", className)}>
      <div className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        {back ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={back.label}
            onClick={back.onClick}
            className="-ml-2 shrink-0"
          >
            <ArrowLeft aria-hidden="true" />
          </Button>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-1 pt-1">
          {typeof title === "string" ? (
            <h1 className="truncate text-xl leading-8 font-semibold text-ink sm:text-2xl">
              {title}
            </h1>
          ) : (
            title
          )}
          {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
        </div>
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2 pt-1">{actions}</div> : null}
    </div>
  );
}
