import { Label as LabelPrimitive } from "radix-ui";
import { forwardRef, type TextareaHTMLAttributes } from "react";
import { cn } from "../lib/cn";
import { controlClasses, createInput, labelClasses, type LabelProps } from "./plain-input";

export type { InputProps, LabelProps } from "./plain-input";

/**
 * A single-line text control. 16 px text on phones so that iOS does not zoom in on focus. Its
 * `className` overrides the control's classes where they conflict (tailwind-merge); `PlainInput`
 * is the same control without it, for a first load.
 */
export const Input = createInput(cn);

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A multi-line text control. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, rows = 4, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={cn(controlClasses, "min-h-20 py-2", className)}
      {...props}
    />
  );
});

/** A form label (radix Label: clicking it focuses the control named by `htmlFor`). */
export const Label = forwardRef<HTMLLabelElement, LabelProps>(function Label(
  { className, ...props },
  ref,
) {
  return <LabelPrimitive.Root ref={ref} className={cn(labelClasses, className)} {...props} />;
});
