import { FIELD_KINDS, type FieldKind } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { cn } from "@paraphe/ui-kit";
import {
  Calendar,
  CheckSquare,
  CircleDot,
  FileText,
  Hash,
  Image,
  ListChecks,
  Mail,
  Paperclip,
  PenLine,
  Phone,
  Signature,
  Type,
  UserRound,
} from "lucide-react";
import { useRef, useState, type PointerEvent, type ReactNode } from "react";
import { FIELD_TINT_ALPHA } from "../../recipient-colors";

const ICONS: Record<FieldKind, ReactNode> = {
  signature: <Signature aria-hidden="true" />,
  initials: <PenLine aria-hidden="true" />,
  text: <Type aria-hidden="true" />,
  image: <Image aria-hidden="true" />,
  date: <Calendar aria-hidden="true" />,
  name: <UserRound aria-hidden="true" />,
  email: <Mail aria-hidden="true" />,
  checkbox: <CheckSquare aria-hidden="true" />,
  radio: <CircleDot aria-hidden="true" />,
  dropdown: <ListChecks aria-hidden="true" />,
  number: <Hash aria-hidden="true" />,
  phone: <Phone aria-hidden="true" />,
  readonly: <FileText aria-hidden="true" />,
  attachment: <Paperclip aria-hidden="true" />,
};

/** Movement (px) after which a press on a tool becomes a drag rather than a click. */
const DRAG_THRESHOLD_PX = 6;

/**
 * The field tools. A click (or Enter) arms a tool, then a click (or Enter) on a page places it; a
 * tool can also be dragged onto a page (pointer events, so it works with touch and a pen as with a
 * mouse). Each tool carries `data-field-tool` so that the focus can come back to it. A tool is at
 * least 44 px tall and shows its whole name, on two lines where the column is narrow.
 */
export function FieldPalette({
  armedKind,
  onArm,
  onDrop,
  color,
  ink,
  disabled,
  disabledHint,
}: {
  armedKind: FieldKind | null;
  onArm: (kind: FieldKind | null) => void;
  onDrop: (kind: FieldKind, clientX: number, clientY: number) => void;
  color: string;
  /** The text colour that reads on the colour's tint (`recipientPalette`). */
  ink: string;
  disabled: boolean;
  /** Why the tools are disabled, when it is not for want of a recipient. */
  disabledHint?: string;
}) {
  const { t } = useTranslation("web");
  const press = useRef<{ kind: FieldKind; x: number; y: number; pointerId: number } | null>(null);
  const [ghost, setGhost] = useState<{ kind: FieldKind; x: number; y: number } | null>(null);

  const down = (kind: FieldKind) => (event: PointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button !== 0) return;
    press.current = { kind, x: event.clientX, y: event.clientY, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLButtonElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const distance = Math.hypot(event.clientX - current.x, event.clientY - current.y);
    if (ghost || distance > DRAG_THRESHOLD_PX) {
      setGhost({ kind: current.kind, x: event.clientX, y: event.clientY });
    }
  };
  const up = (event: PointerEvent<HTMLButtonElement>) => {
    const current = press.current;
    press.current = null;
    if (!current || current.pointerId !== event.pointerId) return;
    if (ghost) {
      setGhost(null);
      onDrop(current.kind, event.clientX, event.clientY);
      // The click that follows the drag must not arm the tool.
      event.currentTarget.dataset.dragged = "true";
    }
  };

  return (
    <section aria-labelledby="palette-heading" className="flex flex-col gap-2">
      <h2 id="palette-heading" className="text-base font-semibold text-ink">
        {t("editor.fields.title")}
      </h2>
      <p className="text-xs text-ink-muted">
        {disabled ? (disabledHint ?? t("editor.fields.needRecipient")) : t("editor.fields.hint")}
      </p>
      <div role="toolbar" aria-label={t("editor.fields.title")} className="grid grid-cols-2 gap-2">
        {FIELD_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            disabled={disabled}
            aria-pressed={armedKind === kind}
            data-field-tool={kind}
            onPointerDown={down(kind)}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={() => {
              press.current = null;
              setGhost(null);
            }}
            onClick={(event) => {
              if (event.currentTarget.dataset.dragged) {
                delete event.currentTarget.dataset.dragged;
                return;
              }
              onArm(armedKind === kind ? null : kind);
            }}
            className={cn(
              "flex min-h-11 min-w-0 items-center gap-2 rounded-md border lg:touch-none border-border bg-surface px-2 py-1.5 text-left text-sm leading-tight text-ink disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-brand-500 [&_svg]:size-4 [&_svg]:shrink-0",
              armedKind === kind && "border-transparent ring-2",
            )}
            style={armedKind === kind ? { boxShadow: `0 0 0 2px ${color}` } : undefined}
          >
            {ICONS[kind]}
            {/* The whole name, on two lines where it is long ("Date de signature"), never cut. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {t(`editor.fields.kinds.${kind}`)}
            </span>
          </button>
        ))}
      </div>
      {ghost ? (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2 rounded-sm border-2 px-2 py-1 text-xs font-medium"
          style={{
            left: ghost.x,
            top: ghost.y,
            borderColor: color,
            color: ink,
            backgroundColor: `${color}${FIELD_TINT_ALPHA}`,
          }}
        >
          {t(`editor.fields.kinds.${ghost.kind}`)}
        </div>
      ) : null}
    </section>
  );
}
