import {
  CircleCheck,
  CircleMinus,
  CircleX,
  Clock,
  Shield,
  ShieldCheck,
  ShieldEllipsis,
  ShieldMinus,
  ShieldQuestionMark,
  ShieldX,
  type LucideIcon,
} from "lucide-react";
import type { AttestationIcon, AttestationTone, ComponentState } from "../status/describe";

/** The shield drawn for an overall status; `loading` before the first load ends. */
export type StatusIconName = AttestationIcon | "loading";

const STATUS_ICONS: Record<StatusIconName, LucideIcon> = {
  verified: ShieldCheck,
  failure: ShieldX,
  pending: ShieldEllipsis,
  unknown: ShieldQuestionMark,
  noHardware: ShieldMinus,
  loading: Shield,
};

/** The shield of an overall status, decorative (the status is always said in text as well). */
export function StatusIcon({ icon, className }: { icon: StatusIconName; className?: string }) {
  const Icon = STATUS_ICONS[icon];
  return <Icon aria-hidden="true" focusable="false" data-icon={icon} className={className} />;
}

/** Colours of a tone: text for icons, and a soft panel for the banner. */
export const TONE_TEXT: Record<AttestationTone | "neutral", string> = {
  verified: "text-success",
  failure: "text-danger",
  pending: "text-warning",
  unknown: "text-ink-muted",
  default: "text-danger",
  noHardware: "text-ink-muted",
  neutral: "text-ink-muted",
};

export const TONE_PANEL: Record<AttestationTone | "neutral", string> = {
  verified: "border-success/30 bg-success-soft",
  failure: "border-danger/30 bg-danger-soft",
  pending: "border-warning/30 bg-warning-soft",
  unknown: "border-border bg-surface-muted",
  default: "border-danger/30 bg-danger-soft",
  noHardware: "border-border bg-surface-muted",
  neutral: "border-border bg-surface-muted",
};

const COMPONENT_ICONS: Record<ComponentState, LucideIcon> = {
  verified: CircleCheck,
  failed: CircleX,
  pending: Clock,
  absent: CircleMinus,
};

export const COMPONENT_TEXT: Record<ComponentState, string> = {
  verified: "text-success",
  failed: "text-danger",
  pending: "text-warning",
  absent: "text-ink-muted",
};

/** The mark of a component's state, decorative (its state is written next to it). */
export function ComponentStateIcon({
  state,
  className,
}: {
  state: ComponentState;
  className?: string;
}) {
  const Icon = COMPONENT_ICONS[state];
  return <Icon aria-hidden="true" focusable="false" data-icon={state} className={className} />;
}
