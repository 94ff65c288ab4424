import {
  Children,
  cloneElement,
  isValidElement,
  useId,
  type ReactElement,
  type ReactNode,
} from "react";
import { cx } from "../lib/cx";
import { PlainLabel as Label } from "./plain-input";

/** The props that FormField sets on its control. */
export interface FormFieldControlProps {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-required"?: boolean | "true" | "false";
}

export interface FormFieldProps {
  /** Visible label, linked to the control with `htmlFor`/`id`. */
  label: ReactNode;
  /** Help text under the label, referenced by the control's `aria-describedby`. */
  description?: ReactNode;
  /** Error text: shown in a `role="alert"` region, referenced by `aria-describedby`; sets `aria-invalid`. */
  error?: ReactNode;
  /** Marks the control `aria-required` and shows a decorative asterisk after the label. */
  required?: boolean;
  /** The control's id; generated when omitted (the child's own `id` is kept when it has one). */
  id?: string;
  /** Exactly one control element (Input, Textarea, a native select, ...). */
  children: ReactElement<FormFieldControlProps>;
  className?: string;
}

/**
 * Label, description, control and error of one form field, wired for assistive technology.
 * Native `required` is deliberately not set: the browser's own (untranslated) validation bubbles
 * would compete with the app's messages, so the control gets `aria-required` instead.
 */
export function FormField({
  label,
  description,
  error,
  required = false,
  id,
  children,
  className,
}: FormFieldProps) {
  const generatedId = useId();
  const control = Children.only(children);
  if (!isValidElement(control))
    throw new Error("FormField expects a single control element as its child");

  const controlId = id ?? control.props.id ?? `field-${generatedId}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== "";

  const describedBy = [
    control.props["aria-describedby"],
    description ? descriptionId : undefined,
    hasError ? errorId : undefined,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </Label>
      {description ? (
        <p id={descriptionId} className="text-sm text-ink-muted">
          {description}
        </p>
      ) : null}
      {cloneElement(control, {
        id: controlId,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": hasError ? true : control.props["aria-invalid"],
        "aria-required": required ? true : control.props["aria-required"],
      })}
      {hasError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
