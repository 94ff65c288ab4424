import { useTranslation } from "@paraphe/i18n/react";
import { PlainButton } from "@paraphe/ui-kit";
import { BookOpenCheck, CheckCircle2, PenLine } from "lucide-react";
import { useId } from "react";

export interface ActionBarProps {
  readCount: number;
  pageCount: number;
  missingCount: number;
  onSign: () => void;
  /** Absent: no Decline button (an embedding site that leaves declining out). */
  onDecline?: (() => void) | undefined;
  /** Pointer over or focus on Sign: start loading the signature dialog. */
  onPrefetchSign: () => void;
  /**
   * `sign`: Decline and Sign; `approve` (an approver): Reject and Approve, which opens once every
   * page was read (approvers have no fields); `view` (a viewer): only "I have read the document",
   * which opens once every page was read.
   */
  mode?: "sign" | "approve" | "view";
  /** Approve (or the reading) is being sent. */
  busy?: boolean;
}

/**
 * The bar stuck to the bottom of the screen while the document scrolls (sticky, so that it rests
 * above the footer at the end): reading progress, Decline, and Sign, which opens only
 * once every page was read and the required fields are filled (the server checks it as well).
 */
export function ActionBar({
  readCount,
  pageCount,
  missingCount,
  onSign,
  onDecline,
  onPrefetchSign,
  mode = "sign",
  busy = false,
}: ActionBarProps) {
  const { t } = useTranslation("sign");
  const hintId = useId();
  const allRead = readCount >= pageCount;
  const canSign = allRead && missingCount === 0;
  const approve = mode === "approve";
  const view = mode === "view";
  const hint = !allRead
    ? t(approve ? "reader.readAllToApprove" : view ? "reader.readAllToView" : "reader.readAll")
    : missingCount > 0
      ? t("fields.missing", { count: missingCount })
      : t("reader.allRead");
  const percent = pageCount === 0 ? 100 : Math.round((readCount / pageCount) * 100);

  return (
    <div
      role="region"
      aria-label={t(approve ? "actions.approvalBar" : view ? "actions.viewBar" : "actions.bar")}
      data-covers-reading=""
      className="sticky bottom-0 z-40 -mx-4 border-t border-border bg-surface/95 shadow-popover backdrop-blur supports-[backdrop-filter]:bg-surface/85 sm:mx-0 sm:rounded-t-card sm:border-x"
    >
      <div className="flex flex-col gap-2 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5">
        {/* The counter beside the progress, the hint on its own line: each fits a 390 px phone
            on one line in either language. */}
        <div className="flex items-center gap-3 text-sm">
          <p aria-live="polite" className="shrink-0 font-medium whitespace-nowrap tabular-nums">
            {t("reader.progress", { read: readCount, total: pageCount })}
          </p>
          <div aria-hidden="true" className="h-1 flex-1 overflow-hidden rounded-full bg-border">
            <div
              className="h-full rounded-full bg-brand-500 transition-[width] duration-300"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
        <p
          id={hintId}
          data-hint=""
          className={canSign ? "text-sm text-success" : "text-sm text-ink-muted"}
        >
          {hint}
        </p>
        <div className="flex gap-2">
          {view || onDecline === undefined ? null : (
            <PlainButton variant="secondary" size="lg" className="shrink-0" onClick={onDecline}>
              {t(approve ? "actions.reject" : "actions.decline")}
            </PlainButton>
          )}
          <PlainButton
            size="lg"
            className="flex-1"
            disabled={!canSign}
            loading={busy}
            aria-describedby={hintId}
            onClick={onSign}
            onPointerEnter={onPrefetchSign}
            onFocus={onPrefetchSign}
          >
            {approve ? (
              <CheckCircle2 aria-hidden="true" />
            ) : view ? (
              <BookOpenCheck aria-hidden="true" />
            ) : (
              <PenLine aria-hidden="true" />
            )}
            {t(approve ? "actions.approve" : view ? "actions.markRead" : "actions.sign")}
          </PlainButton>
        </div>
      </div>
    </div>
  );
}
