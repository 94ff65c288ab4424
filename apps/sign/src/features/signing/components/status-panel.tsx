import { cx } from "@paraphe/ui-kit";
import { type LucideIcon } from "lucide-react";
import { type ReactNode } from "react";

const tones = {
  neutral: "bg-brand-50 text-brand-600",
  success: "bg-success-soft text-success",
  warning: "bg-warning-soft text-warning",
  danger: "bg-danger-soft text-danger",
} as const;

export interface StatusPanelProps {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  description: string;
  children?: ReactNode;
}

/** A centred message with an icon: errors and the states where there is nothing to sign. */
export function StatusPanel({ icon: Icon, tone, title, description, children }: StatusPanelProps) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-10 text-center sm:py-16">
      <span className={cx("flex size-14 items-center justify-center rounded-full", tones[tone])}>
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-semibold text-balance sm:text-2xl">{title}</h1>
      <p className="text-ink-muted text-pretty">{description}</p>
      {children ? <div className="mt-2 flex flex-col gap-2 sm:flex-row">{children}</div> : null}
    </section>
  );
}
