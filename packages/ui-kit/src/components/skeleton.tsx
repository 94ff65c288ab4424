import type { HTMLAttributes } from "react";
import { cn } from "../lib/cn";

/**
 * A grey placeholder block shown while content loads. Decorative (`aria-hidden`): put the loading
 * announcement on the surrounding region (e.g. `aria-busy` or a Spinner with a label).
 */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "animate-pulse rounded-control bg-border/70 motion-reduce:animate-none",
        className,
      )}
      {...props}
    />
  );
}
