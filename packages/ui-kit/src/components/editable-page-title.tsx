import { Pencil } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "../lib/cn";

export interface EditablePageTitleProps {
  /** The current title. */
  value: string;
  /** Called with the new, trimmed title when the user saves a changed value. */
  onSave: (value: string) => void | Promise<unknown>;
  /** Accessible name of the text field while editing (e.g. "Document title"). */
  label: string;
  /** Text of the hint and tooltip on the title button (e.g. "Edit title"). */
  editLabel: string;
  /** Refuse an empty title. */
  required?: boolean;
  /** Shown (role="alert") when `required` and the field is empty. */
  requiredMessage?: string;
  /** Turns editing off (the title is shown as plain text). */
  disabled?: boolean;
  className?: string;
}

/**
 * A page title (`<h1>`) that can be edited in place (spec §2 "Header"). A click on the title, or Enter
 * or Space when it has focus, turns it into a text field; Enter or leaving the field saves, Escape
 * cancels and restores the previous title. With `required`, an empty value shows `requiredMessage` and
 * is not saved. After saving or cancelling, focus returns to the title.
 */
export function EditablePageTitle({
  value,
  onSave,
  label,
  editLabel,
  required = false,
  requiredMessage,
  disabled = false,
  className,
}: EditablePageTitleProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [showError, setShowError] = useState(false);
  // The saved title, shown until the app passes the new `value` (or the save fails).
  const [optimistic, setOptimistic] = useState<string | null>(null);
  const [lastValue, setLastValue] = useState(value);
  const finishing = useRef(false);
  const titleButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const errorId = useId();

  if (lastValue !== value) {
    setLastValue(value);
    setOptimistic(null);
  }

  const shown = optimistic ?? value;
  const headingClasses = "min-w-0 text-xl leading-8 font-semibold text-ink sm:text-2xl";

  if (disabled) {
    return (
      <h1 className={cn(headingClasses, "truncate", className)} title={shown}>
        {shown}
      </h1>
    );
  }

  const startEditing = () => {
    finishing.current = false;
    setDraft(shown);
    setShowError(false);
    setEditing(true);
  };

  const stopEditing = () => {
    finishing.current = true;
    setEditing(false);
    setShowError(false);
    // The field unmounts; give focus back to the title so keyboard users do not lose their place.
    queueMicrotask(() => titleButton.current?.focus());
  };

  const save = () => {
    if (finishing.current) return;
    const next = draft.trim();
    if (required && next === "") {
      setShowError(true);
      return;
    }
    if (next !== shown) {
      setOptimistic(next);
      const result = onSave(next);
      if (result instanceof Promise) result.catch(() => setOptimistic(null));
    }
    stopEditing();
  };

  const cancel = () => {
    if (finishing.current) return;
    setDraft(shown);
    stopEditing();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    }
  };

  if (editing) {
    const invalid = showError && required;
    return (
      <div className={cn("flex min-w-0 flex-1 flex-col gap-1", className)}>
        <input
          // The field replaces the title the user just activated: focusing it is the expected result.
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          type="text"
          value={draft}
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid && requiredMessage ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (showError && event.target.value.trim() !== "") setShowError(false);
          }}
          onKeyDown={onKeyDown}
          onBlur={save}
          className={cn(
            headingClasses,
            "w-full rounded-control border border-brand-300 bg-surface px-2 py-0.5 -ml-2.5",
            "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40",
            invalid && "border-danger focus-visible:outline-danger/40",
          )}
        />
        {invalid && requiredMessage ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger">
            {requiredMessage}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <h1 className={cn(headingClasses, "flex", className)}>
      <button
        ref={titleButton}
        type="button"
        onClick={startEditing}
        title={editLabel}
        aria-describedby={hintId}
        className={cn(
          // The negative margin lines the text up with the page; the wider maximum gives it back, or a
          // title that fits would still lose its last characters to an ellipsis.
          "group -ml-1.5 inline-flex max-w-[calc(100%+0.375rem)] min-w-0 cursor-text items-center gap-2 rounded-control px-1.5 text-left",
          "hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        )}
      >
        <span className="truncate" title={shown}>
          {shown}
        </span>
        <Pencil
          aria-hidden="true"
          className="size-4 shrink-0 text-ink-muted opacity-60 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
        />
      </button>
      {/* Hidden but referenced: announced as the button's description, not as part of the heading. */}
      <span id={hintId} hidden>
        {editLabel}
      </span>
    </h1>
  );
}
