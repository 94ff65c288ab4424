import type { ReactNode } from "react";
import { cn } from "../lib/cn";

export interface PageTransitionProps {
  /** Changes when the page changes (e.g. `location.pathname`): the new page fades in. */
  transitionKey: string;
  children: ReactNode;
  className?: string;
}

/**
 * Fades the page in over 0.3 s (spec §2 "Page transitions fade for 0.3 seconds") each time
 * `transitionKey` changes. No animation for users who ask for reduced motion. The subtree is mounted
 * afresh for each key, as a route change does anyway.
 */
export function PageTransition({ transitionKey, children, className }: PageTransitionProps) {
  return (
    <div
      key={transitionKey}
      data-slot="page-transition"
      className={cn("animate-fade-in motion-reduce:animate-none", className)}
    >
      {children}
    </div>
  );
}
