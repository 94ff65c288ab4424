import { ChevronDown } from "lucide-react";
import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "../lib/cn";

/** One choice of a Select. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** Language of the label, e.g. "fr" for "Français" in a language choice. */
  lang?: string;
}

export interface SelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "children" | "multiple"
> {
  options: readonly SelectOption[];
  /** Called with the chosen value (alongside `onChange`, which still receives the event). */
  onValueChange?: (value: string) => void;
  /** Shown, and not choosable again, while no option is chosen (an empty value). */
  placeholder?: string;
  /** Classes of the wrapper (the select and its chevron). */
  containerClassName?: string;
}

/**
 * A single choice from a short list: a styled native `<select>`, so the platform's own picker opens
 * on phones, screen readers announce it as a combobox with its options, the keyboard works as
 * everywhere, and nothing is injected into the page (the apps' Content Security Policy and Trusted
 * Types forbid the inline style that radix Select writes). It takes `id`, `aria-*`, `name` and a ref,
 * so it works in a FormField and with react-hook-form's `register`.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { options, onValueChange, onChange, placeholder, className, containerClassName, ...props },
  ref,
) {
  return (
    <div className={cn("relative inline-flex w-full items-center", containerClassName)}>
      <select
        ref={ref}
        className={cn(
          "h-10 w-full cursor-pointer appearance-none rounded-control border border-border bg-surface pr-9 pl-3 text-base text-ink shadow-card sm:text-sm",
          "transition-colors hover:border-brand-300",
          "focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40",
          "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-60",
          "aria-invalid:border-danger",
          className,
        )}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        {...props}
      >
        {placeholder !== undefined ? (
          <option value="" disabled hidden>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option
            key={option.value}
            value={option.value}
            disabled={option.disabled}
            lang={option.lang}
          >
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 size-4 text-ink-muted"
      />
    </div>
  );
});
