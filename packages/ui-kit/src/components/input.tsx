import { Label as LabelPrimitive } from "radix-ui";
import {
  forwardRef,
  type ComponentPropsWithoutRef,
  type InputHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "../lib/cn";

const controlClasses = [
  "w-full rounded-control border border-border bg-surface px-3 text-base text-ink shadow-card sm:text-sm",
  "placeholder:text-ink-muted/70",
  "transition-colors hover:border-brand-300",
  "focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40",
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-60",
  "aria-invalid:border-danger aria-invalid:focus-visible:outline-danger/40",
];

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A single-line text control. 16 px text on phones so that iOS does not zoom in on focus. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, type = "text", ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      type={type}
      className={cn(
        controlClasses,
        "h-10",
        "file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-2 file:py-1 file:text-sm file:font-medium file:text-brand-700",
        className,
      )}
      {...props}
    />
  );
});

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

export type LabelProps = ComponentPropsWithoutRef<typeof LabelPrimitive.Root>;

/** A form label (radix Label: clicking it focuses the control named by `htmlFor`). */
export const Label = forwardRef<HTMLLabelElement, LabelProps>(function Label(
  { className, ...props },
  ref,
) {
  return (
    <LabelPrimitive.Root
      ref={ref}
      className={cn("text-sm leading-5 font-medium text-ink peer-disabled:opacity-60", className)}
      {...props}
    />
  );
});
