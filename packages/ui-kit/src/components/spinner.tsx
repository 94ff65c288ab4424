import type { SVGProps } from "react";
import { cx } from "../lib/cx";

export interface SpinnerProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  /** Size in pixels (width and height). Defaults to 16. */
  size?: number;
  /**
   * Text for screen readers. Without it the spinner is decorative (`aria-hidden`), which is right
   * when the surrounding element already says what is happening (a busy button, a status region).
   */
  label?: string;
}

/** A circular, indeterminate progress indicator in the current text colour. */
export function Spinner({ size = 16, label, className, ...props }: SpinnerProps) {
  const svg = (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cx("shrink-0 animate-spin", className)}
      {...props}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (label === undefined) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}
