import { Check, Minus } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { cn } from "../lib/cn";
import { Label } from "./input";

export interface CheckboxProps extends ComponentPropsWithoutRef<typeof CheckboxPrimitive.Root> {
  /** Visible label, linked to the box; omit it only when `aria-label` or `aria-labelledby` names the box. */
  label?: ReactNode;
  /** Help text under the label, referenced by `aria-describedby`. */
  description?: ReactNode;
  /** Classes of the wrapper (box + label). */
  containerClassName?: string;
}

/**
 * A checkbox (radix Checkbox: `role="checkbox"`, Space toggles, `checked` may be
 * `"indeterminate"`). With a `name` inside a form it also submits like a native checkbox.
 * Controlled with `checked`/`onCheckedChange` (use react-hook-form's Controller).
 */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { label, description, className, containerClassName, id, ...props },
  ref,
) {
  const generatedId = useId();
  const boxId = id ?? `checkbox-${generatedId}`;
  const descriptionId = description ? `${boxId}-description` : undefined;
  const describedBy =
    [props["aria-describedby"], descriptionId].filter(Boolean).join(" ") || undefined;
  const box = (
    <CheckboxPrimitive.Root
      ref={ref}
      id={boxId}
      className={cn(
        "peer inline-flex size-4 shrink-0 items-center justify-center rounded-[4px] border border-ink-muted bg-surface text-white",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        "data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600",
        "data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger",
        className,
      )}
      {...props}
      aria-describedby={describedBy}
    >
      <CheckboxPrimitive.Indicator className="group inline-flex">
        <Check aria-hidden="true" className="size-3.5 group-data-[state=indeterminate]:hidden" />
        <Minus
          aria-hidden="true"
          className="hidden size-3.5 group-data-[state=indeterminate]:block"
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
  if (label === undefined && description === undefined) return box;
  return (
    <div className={cn("flex items-start gap-2", containerClassName)}>
      <span className="flex h-5 items-center">{box}</span>
      <div className="flex min-w-0 flex-col">
        {label !== undefined ? (
          <Label htmlFor={boxId} className="cursor-pointer font-normal">
            {label}
          </Label>
        ) : null}
        {description ? (
          <p id={descriptionId} className="text-sm text-ink-muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
});
