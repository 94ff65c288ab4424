import { forwardRef, type HTMLAttributes } from "react";
import { cx } from "../lib/cx";

/** A white panel with the theme's card radius, border and shadow. */
export const Card = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function Card(
  { className, ...props },
  ref,
) {
  return (
    <div
      ref={ref}
      className={cx("rounded-card border border-border bg-surface text-ink shadow-card", className)}
      {...props}
    />
  );
});

export const CardHeader = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function CardHeader({ className, ...props }, ref) {
    return <div ref={ref} className={cx("flex flex-col gap-1 p-4 sm:p-5", className)} {...props} />;
  },
);

export const CardTitle = forwardRef<HTMLHeadingElement, HTMLAttributes<HTMLHeadingElement>>(
  function CardTitle({ className, ...props }, ref) {
    return (
      <h2
        ref={ref}
        className={cx("text-base leading-6 font-semibold text-ink", className)}
        {...props}
      />
    );
  },
);

export const CardDescription = forwardRef<
  HTMLParagraphElement,
  HTMLAttributes<HTMLParagraphElement>
>(function CardDescription({ className, ...props }, ref) {
  return <p ref={ref} className={cx("text-sm text-ink-muted", className)} {...props} />;
});

export const CardContent = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function CardContent({ className, ...props }, ref) {
    return (
      <div
        ref={ref}
        className={cx(
          "px-4 pb-4 sm:px-5 sm:pb-5 [&:first-child]:pt-4 sm:[&:first-child]:pt-5",
          className,
        )}
        {...props}
      />
    );
  },
);

export const CardFooter = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function CardFooter({ className, ...props }, ref) {
    return (
      <div
        ref={ref}
        className={cx(
          "flex flex-wrap items-center gap-2 border-t border-border px-4 py-3 sm:px-5",
          className,
        )}
        {...props}
      />
    );
  },
);
