import type { HTMLAttributes } from "react";
import { cx } from "../lib/cx";

/** The product name: a proper noun, the same in every language. */
const PRODUCT_NAME = "Paraphe";

export interface LogoProps extends HTMLAttributes<HTMLSpanElement> {
  /** Only the mark, without the wordmark (collapsed side navigation, small headers). */
  compact?: boolean;
  /** Size of the mark in pixels; defaults to 32. */
  size?: number;
}

/** The mark: a brand-coloured tile with a signature flourish (a "paraphe") and an accent dot. */
function LogoMark({ size }: { size: number }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
    >
      <rect width="32" height="32" rx="8" className="fill-brand-500" />
      <path
        d="M9 22.5c2.6-5.4 4.6-12 7.6-12 2.2 0 1.3 4.6-1.7 6.2-1.6.9-2.4.2-1.8-.7M7.5 24.5c5.5-1.9 11.2-2.6 17-2.2"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23.5" cy="12" r="2.3" className="fill-accent-500" />
    </svg>
  );
}

/**
 * The Paraphe logo: the mark and the wordmark, or the mark alone with `compact` (then it carries the
 * accessible name itself). Inline SVG coloured by the theme.
 */
export function Logo({ compact = false, size = 32, className, ...props }: LogoProps) {
  if (compact) {
    return (
      <span
        role="img"
        aria-label={PRODUCT_NAME}
        className={cx("inline-flex items-center", className)}
        {...props}
      >
        <LogoMark size={size} />
      </span>
    );
  }
  return (
    <span className={cx("inline-flex items-center gap-2", className)} {...props}>
      <LogoMark size={size} />
      <span className="text-lg leading-none font-semibold tracking-tight text-ink">
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
