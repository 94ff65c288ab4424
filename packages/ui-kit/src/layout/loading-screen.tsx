import { Spinner } from "../components/spinner";
import { cx } from "../lib/cx";

export interface LoadingScreenProps {
  /** What is loading, for screen readers (e.g. "Loading your profile"). */
  label: string;
  className?: string;
}

/** A full-screen, centred spinner (spec §2: "While the user profile loads, a loading screen shows"). */
export function LoadingScreen({ label, className }: LoadingScreenProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx(
        "flex min-h-dvh w-full items-center justify-center bg-surface-muted text-brand-500",
        className,
      )}
    >
      <Spinner size={36} />
      <span className="sr-only">{label}</span>
    </div>
  );
}
