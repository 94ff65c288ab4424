import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { cn } from "../lib/cn";
import { Input } from "./input";

/** One suggestion of a Combobox. */
export interface ComboboxOption {
  /** Stable identity (also the key). */
  id: string;
  /** Main text, e.g. the contact's name. */
  label: string;
  /** Secondary text, e.g. the contact's email address. */
  description?: string;
}

export interface ComboboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange" | "onSelect" | "role"
> {
  /** The typed text. */
  value: string;
  onValueChange: (value: string) => void;
  /** The suggestions for the typed text; the caller filters or fetches them. */
  options: readonly ComboboxOption[];
  /** Called when a suggestion is chosen (Enter on the active one, or a click). */
  onSelectOption: (option: ComboboxOption) => void;
  /** Accessible name of the list of suggestions. */
  listLabel: string;
  /** Shown in the list when the text matches nothing; when omitted the list stays closed. */
  emptyMessage?: ReactNode;
  /** Classes of the wrapper. */
  containerClassName?: string;
}

/**
 * A text field with a list of suggestions (WAI-ARIA combobox pattern with a listbox popup):
 * typing opens the list, ArrowDown/ArrowUp move the active option (`aria-activedescendant`, focus
 * stays in the field), Enter chooses it, Escape closes the list (a second Escape clears the text),
 * Tab leaves. Free text is kept: choosing a suggestion is optional.
 */
export const Combobox = forwardRef<HTMLInputElement, ComboboxProps>(function Combobox(
  {
    value,
    onValueChange,
    options,
    onSelectOption,
    listLabel,
    emptyMessage,
    containerClassName,
    className,
    onKeyDown,
    onBlur,
    onFocus,
    ...inputProps
  },
  ref,
) {
  const listId = `combobox-${useId()}`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const hasOptions = options.length > 0;
  const expanded = open && (hasOptions || emptyMessage !== undefined);
  const active = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(option: ComboboxOption) {
    onSelectOption(option);
    setOpen(false);
    setActiveIndex(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) setOpen(true);
        if (hasOptions) setActiveIndex((index) => (index + 1) % options.length);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) setOpen(true);
        if (hasOptions) setActiveIndex((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case "Home":
      case "End":
        if (expanded && hasOptions) {
          event.preventDefault();
          setActiveIndex(event.key === "Home" ? 0 : options.length - 1);
        }
        break;
      case "Enter":
        if (active) {
          event.preventDefault();
          choose(active);
        }
        break;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (value !== "") {
          event.preventDefault();
          onValueChange("");
        }
        break;
      default:
        break;
    }
  }

  return (
    <div className={cn("relative", containerClassName)}>
      <Input
        ref={ref}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={active ? optionId(activeIndex) : undefined}
        value={value}
        className={className}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={handleKeyDown}
        onFocus={(event) => {
          onFocus?.(event);
          if (value !== "") setOpen(true);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          setOpen(false);
          setActiveIndex(-1);
        }}
        {...inputProps}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-control border border-border bg-surface p-1 text-ink shadow-popover"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={cn(
              "flex cursor-pointer flex-col rounded-[calc(var(--radius-control)-2px)] px-2 py-1.5 text-sm",
              index === activeIndex && "bg-brand-50 text-brand-800",
            )}
            // Keep the focus in the field: a click must not blur it before the choice is made.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActiveIndex(index)}
          >
            <span className="font-medium">{option.label}</span>
            {option.description ? (
              <span className="text-xs text-ink-muted">{option.description}</span>
            ) : null}
          </li>
        ))}
        {!hasOptions && emptyMessage !== undefined ? (
          <li role="presentation" className="px-2 py-1.5 text-sm text-ink-muted">
            {emptyMessage}
          </li>
        ) : null}
      </ul>
    </div>
  );
});
