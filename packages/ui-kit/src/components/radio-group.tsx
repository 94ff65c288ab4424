import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { cn } from "../lib/cn";
import { Label } from "./input";

/** One choice of a RadioGroup. */
export interface RadioGroupOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** Accessible name when the visible label is not text (e.g. a preview of a handwriting style). */
  "aria-label"?: string;
}

export interface RadioGroupProps extends Omit<
  ComponentPropsWithoutRef<typeof RadioGroupPrimitive.Root>,
  "children"
> {
  options: readonly RadioGroupOption[];
  /** Classes of each option's row (box + label). */
  optionClassName?: string;
}

/**
 * A set of mutually exclusive choices (radix RadioGroup: `role="radiogroup"` of `role="radio"`;
 * Tab enters the group on the checked option, arrow keys move and select, roving focus). Name the
 * group with `aria-label` or `aria-labelledby`.
 */
export const RadioGroup = forwardRef<HTMLDivElement, RadioGroupProps>(function RadioGroup(
  { options, className, optionClassName, ...props },
  ref,
) {
  const baseId = useId();
  return (
    <RadioGroupPrimitive.Root ref={ref} className={cn("flex flex-col gap-2", className)} {...props}>
      {options.map((option) => {
        const id = `radio-${baseId}-${option.value}`;
        const descriptionId = option.description ? `${id}-description` : undefined;
        return (
          <div key={option.value} className={cn("flex items-start gap-2", optionClassName)}>
            <span className="flex h-5 items-center">
              <RadioGroupPrimitive.Item
                id={id}
                value={option.value}
                disabled={option.disabled}
                aria-describedby={descriptionId}
                aria-label={option["aria-label"]}
                className={cn(
                  "inline-flex size-4 shrink-0 items-center justify-center rounded-full border border-ink-muted bg-surface",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
                  "data-[state=checked]:border-brand-600 disabled:cursor-not-allowed disabled:opacity-60",
                )}
              >
                <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-brand-600" />
              </RadioGroupPrimitive.Item>
            </span>
            <div className="flex min-w-0 flex-col">
              <Label htmlFor={id} className="cursor-pointer font-normal">
                {option.label}
              </Label>
              {option.description ? (
                <p id={descriptionId} className="text-sm text-ink-muted">
                  {option.description}
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
    </RadioGroupPrimitive.Root>
  );
});
