import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

/**
 * tailwind-merge taught the theme's own scales (tooling/tailwind/theme.css), so that
 * `cn("shadow-card", "shadow-popover")` keeps only the last shadow and `rounded-control` is a radius.
 */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      radius: ["control", "card"],
      shadow: ["card", "popover"],
      breakpoint: ["desktop"],
      animate: ["fade-in", "drawer-in", "backdrop-in"],
    },
  },
});

/** Joins class names (clsx syntax) and resolves Tailwind conflicts: the last class of a group wins. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
