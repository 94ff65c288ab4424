import { cn } from "../lib/cn";
import { createButton, type ButtonProps } from "./plain-button";

export {
  buttonVariants,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from "./plain-button";

/**
 * The button of the design system: five variants, five sizes, a loading state. Its `className`
 * overrides the variant's classes where they conflict (tailwind-merge); `PlainButton` is the same
 * button without it, for a first load.
 */
export const Button = createButton<ButtonProps>(cn);
