import { Label as LabelPrimitive } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type InputHTMLAttributes } from "react";
import { cx } from "../lib/cx";

/** The classes of the text controls (Input, Textarea). */
export const controlClasses = [
  "w-full rounded-control border border-border bg-surface px-3 text-base text-ink shadow-card sm:text-sm",
  "placeholder:text-ink-muted/70",
  "transition-colors hover:border-brand-300",
  "focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40",
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-60",
  "aria-invalid:border-danger aria-invalid:focus-visible:outline-danger/40",
].join(" ");

const inputClasses = [
  controlClasses,
  "h-10",
  "file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-2 file:py-1 file:text-sm file:font-medium file:text-brand-700",
].join(" ");

/** The classes of a form label. */
export const labelClasses = "text-sm leading-5 font-medium text-ink peer-disabled:opacity-60";

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** The single-line text control, its classes and the caller's combined by `join`. */
export function createInput(
  join: (controlClasses: string, className: string | undefined) => string,
) {
  return forwardRef<HTMLInputElement, InputProps>(function Input(
    { className, type = "text", ...props },
    ref,
  ) {
    return <input ref={ref} type={type} className={join(inputClasses, className)} {...props} />;
  });
}

/**
 * `Input` with its classes joined rather than merged (`cx`, no tailwind-merge), for the pages of a
 * first load: `className` may add classes but not override the control's.
 */
export const PlainInput = createInput(cx);

export type LabelProps = ComponentPropsWithoutRef<typeof LabelPrimitive.Root>;

/** `Label` with its classes joined rather than merged: what `FormField` draws its label with. */
export const PlainLabel = forwardRef<HTMLLabelElement, LabelProps>(function Label(
  { className, ...props },
  ref,
) {
  return <LabelPrimitive.Root ref={ref} className={cx(labelClasses, className)} {...props} />;
});
