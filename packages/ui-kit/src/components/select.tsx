import { Check, ChevronDown } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { cn } from "../lib/cn";

/** One choice of a Select. Radix reserves the empty string: give every option a non-empty value. */
export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps extends Omit<
  ComponentPropsWithoutRef<typeof SelectPrimitive.Trigger>,
  "value" | "defaultValue" | "onChange" | "dir" | "children"
> {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Shown while no option is chosen. */
  placeholder?: ReactNode;
  /** Name of the hidden form control, so that the value is submitted with a native form. */
  name?: string;
  required?: boolean;
  /** Classes of the list panel. */
  contentClassName?: string;
}

/**
 * A single choice from a short list (radix Select): a button with `role="combobox"` that opens a
 * listbox; arrow keys, typeahead, Enter/Space and Escape work as in a native select. The trigger
 * takes `id`, `aria-label`, `aria-invalid` and `aria-describedby`, so it can be the child of a
 * FormField.
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    options,
    value,
    defaultValue,
    onValueChange,
    placeholder,
    name,
    required,
    disabled,
    className,
    contentClassName,
    ...triggerProps
  },
  ref,
) {
  return (
    <SelectPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      name={name}
      required={required}
      disabled={disabled}
    >
      <SelectPrimitive.Trigger
        ref={ref}
        className={cn(
          "flex h-10 w-full items-center justify-between gap-2 rounded-control border border-border bg-surface px-3 text-left text-base text-ink shadow-card sm:text-sm",
          "transition-colors hover:border-brand-300",
          "focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40",
          "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-60",
          "aria-invalid:border-danger data-[placeholder]:text-ink-muted",
          className,
        )}
        {...triggerProps}
      >
        <span className="truncate">
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            "z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden",
            "rounded-control border border-border bg-surface p-1 text-ink shadow-popover animate-fade-in",
            contentClassName,
          )}
        >
          <SelectPrimitive.Viewport>
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className={cn(
                  "relative flex min-h-9 cursor-pointer items-center rounded-[calc(var(--radius-control)-2px)] py-1.5 pr-8 pl-2 text-sm outline-none select-none",
                  "data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800",
                  "data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
                )}
              >
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="absolute right-2 inline-flex">
                  <Check aria-hidden="true" className="size-4 text-brand-600" />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
});
