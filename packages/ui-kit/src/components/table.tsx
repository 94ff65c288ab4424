import {
  forwardRef,
  type HTMLAttributes,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from "react";
import { cn } from "../lib/cn";

export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** Classes of the scrolling wrapper (the table scrolls horizontally on narrow screens). */
  containerClassName?: string;
}

/**
 * A data table inside a horizontally scrolling wrapper, so that wide tables stay usable on a 390 px
 * phone without breaking the page layout. The wrapper is in the tab order, so that a keyboard user
 * can scroll a table that does not fit (WCAG 2.1.1; axe's `scrollable-region-focusable`).
 */
export const Table = forwardRef<HTMLTableElement, TableProps>(function Table(
  { className, containerClassName, ...props },
  ref,
) {
  return (
    <div
      tabIndex={0}
      className={cn(
        "relative w-full overflow-x-auto rounded-card border border-border bg-surface shadow-card",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        containerClassName,
      )}
    >
      <table
        ref={ref}
        className={cn("w-full caption-bottom border-collapse text-sm", className)}
        {...props}
      />
    </div>
  );
});

export const TableHeader = forwardRef<
  HTMLTableSectionElement,
  HTMLAttributes<HTMLTableSectionElement>
>(function TableHeader({ className, ...props }, ref) {
  return (
    <thead ref={ref} className={cn("bg-surface-muted [&_tr]:border-b", className)} {...props} />
  );
});

export const TableBody = forwardRef<
  HTMLTableSectionElement,
  HTMLAttributes<HTMLTableSectionElement>
>(function TableBody({ className, ...props }, ref) {
  return <tbody ref={ref} className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
});

export const TableRow = forwardRef<HTMLTableRowElement, HTMLAttributes<HTMLTableRowElement>>(
  function TableRow({ className, ...props }, ref) {
    return (
      <tr
        ref={ref}
        className={cn(
          "border-b border-border transition-colors hover:bg-surface-muted/60 data-[state=selected]:bg-brand-50",
          className,
        )}
        {...props}
      />
    );
  },
);

export const TableHead = forwardRef<HTMLTableCellElement, ThHTMLAttributes<HTMLTableCellElement>>(
  function TableHead({ className, scope = "col", ...props }, ref) {
    return (
      <th
        ref={ref}
        scope={scope}
        className={cn(
          "h-10 px-4 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-ink-muted uppercase",
          className,
        )}
        {...props}
      />
    );
  },
);

export const TableCell = forwardRef<HTMLTableCellElement, TdHTMLAttributes<HTMLTableCellElement>>(
  function TableCell({ className, ...props }, ref) {
    return <td ref={ref} className={cn("px-4 py-3 align-middle text-ink", className)} {...props} />;
  },
);

export const TableCaption = forwardRef<
  HTMLTableCaptionElement,
  HTMLAttributes<HTMLTableCaptionElement>
>(function TableCaption({ className, ...props }, ref) {
  return (
    <caption ref={ref} className={cn("px-4 py-3 text-sm text-ink-muted", className)} {...props} />
  );
});

export interface TableEmptyProps {
  /** Number of columns of the table, so that the message spans the full width. */
  colSpan: number;
  title: ReactNode;
  description?: ReactNode;
  /** Optional call to action (e.g. an upload button). */
  action?: ReactNode;
}

/** A full-width row saying that the table has no data. */
export function TableEmpty({ colSpan, title, description, action }: TableEmptyProps) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-12 text-center">
        <p className="font-medium text-ink">{title}</p>
        {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
        {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
      </td>
    </tr>
  );
}
