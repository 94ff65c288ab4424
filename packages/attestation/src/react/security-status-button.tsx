import { useTranslation } from "@paraphe/i18n/react";
import { Button, cn } from "@paraphe/ui-kit";
import { useEffect, useRef, useState } from "react";
import type * as ExtrasModule from "./security-status-extras";
import { useStatusSummary } from "./status-summary";
import { StatusIcon, TONE_TEXT } from "./status-visuals";
import { useAttestation, type AttestationSource } from "./use-attestation";

export interface SecurityStatusButtonProps {
  /** Where the newest attestation record comes from, e.g. `localStorageAttestationSource()`. */
  source: AttestationSource;
  className?: string;
}

/** Delay before the tooltip opens on hover (spec §9: tooltip delay 200 ms), as ui-kit's tooltips. */
const HOVER_DELAY_MS = 200;

type Extras = typeof ExtrasModule;

let extrasLoad: Promise<Extras | undefined> | undefined;

/**
 * The tooltip and the dialog, downloaded once. Undefined when an app's chunk-load guard answers a
 * failed download (it reloads the page); a rejected download may be tried again.
 */
function loadExtras(): Promise<Extras | undefined> {
  extrasLoad ??= import("./security-status-extras").catch((error: unknown) => {
    extrasLoad = undefined;
    throw error;
  });
  return extrasLoad;
}

/**
 * The header's security button (spec §2): a shield showing the overall status, a tooltip with the
 * status and a click-to-learn-more hint (on hover after the delay, at once on keyboard focus), and
 * the security dialog on click. The status stays fresh (every 30 s while the page is visible) and is
 * reloaded at once when the dialog opens.
 *
 * The tooltip and the dialog download on the first hover, focus or click, so that a page's first
 * load carries the button alone. The button itself is never drawn again when they arrive (a click
 * under way is not lost): the tooltip is anchored on a box laid over it, and opened by the button.
 */
export function SecurityStatusButton({ source, className }: SecurityStatusButtonProps) {
  const { t } = useTranslation("security");
  const [open, setOpen] = useState(false);
  const [extras, setExtras] = useState<Extras>();
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const { attestation, reload } = useAttestation(source);
  const summary = useStatusSummary(attestation);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pointerDown = useRef(false);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const requestExtras = () => {
    if (extras) return;
    void loadExtras()
      .then((module) => {
        if (module) setExtras((current) => current ?? module);
      })
      .catch(() => undefined);
  };

  return (
    <span className="relative inline-flex">
      <Button
        variant="ghost"
        size="icon"
        aria-haspopup="dialog"
        aria-label={t("attestation.buttonLabel", { status: summary.text })}
        data-tone={summary.tone}
        className={cn(TONE_TEXT[summary.tone], className)}
        onPointerEnter={(event) => {
          requestExtras();
          if (event.pointerType === "touch") return;
          clearTimeout(hoverTimer.current);
          hoverTimer.current = setTimeout(() => setTooltipOpen(true), HOVER_DELAY_MS);
        }}
        onPointerLeave={() => {
          clearTimeout(hoverTimer.current);
          setTooltipOpen(false);
        }}
        onPointerDown={() => {
          pointerDown.current = true;
          clearTimeout(hoverTimer.current);
          setTooltipOpen(false);
        }}
        onFocus={() => {
          requestExtras();
          // At once on keyboard focus; a click's focus shows no tooltip.
          if (!pointerDown.current) setTooltipOpen(true);
        }}
        onBlur={() => {
          pointerDown.current = false;
          setTooltipOpen(false);
        }}
        onClick={() => {
          pointerDown.current = false;
          setTooltipOpen(false);
          setOpen(true);
          reload();
          requestExtras();
        }}
      >
        <StatusIcon icon={summary.icon} />
      </Button>
      {extras ? (
        <>
          <extras.Tooltip
            content={
              <span className="flex flex-col gap-0.5">
                <span>{summary.text}</span>
                <span className="font-normal opacity-80">{t("attestation.clickToLearnMore")}</span>
              </span>
            }
            open={tooltipOpen && !open}
            onOpenChange={(next) => {
              if (!next) setTooltipOpen(false);
            }}
          >
            <span aria-hidden="true" className="pointer-events-none absolute inset-0" />
          </extras.Tooltip>
          <extras.SecurityDialogView open={open} onOpenChange={setOpen} attestation={attestation} />
        </>
      ) : null}
    </span>
  );
}
