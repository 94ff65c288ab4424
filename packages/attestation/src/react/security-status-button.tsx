import { useTranslation } from "@paraphe/i18n/react";
import { Button, cn, Tooltip } from "@paraphe/ui-kit";
import { useState } from "react";
import { SecurityDialogView } from "./security-dialog";
import { useStatusSummary } from "./status-summary";
import { StatusIcon, TONE_TEXT } from "./status-visuals";
import { useAttestation, type AttestationSource } from "./use-attestation";

export interface SecurityStatusButtonProps {
  /** Where the newest attestation record comes from, e.g. `localStorageAttestationSource()`. */
  source: AttestationSource;
  className?: string;
}

/**
 * The header's security button (spec §2): a shield showing the overall status, a tooltip with the
 * status and a click-to-learn-more hint, and the security dialog on click. The status stays fresh
 * (every 30 s while the page is visible) and is reloaded at once when the dialog opens.
 */
export function SecurityStatusButton({ source, className }: SecurityStatusButtonProps) {
  const { t } = useTranslation("security");
  const [open, setOpen] = useState(false);
  const { attestation, reload } = useAttestation(source);
  const summary = useStatusSummary(attestation);
  return (
    <>
      <Tooltip
        content={
          <span className="flex flex-col gap-0.5">
            <span>{summary.text}</span>
            <span className="font-normal opacity-80">{t("attestation.clickToLearnMore")}</span>
          </span>
        }
      >
        <Button
          variant="ghost"
          size="icon"
          aria-haspopup="dialog"
          aria-label={t("attestation.buttonLabel", { status: summary.text })}
          data-tone={summary.tone}
          className={cn(TONE_TEXT[summary.tone], className)}
          onClick={() => {
            setOpen(true);
            reload();
          }}
        >
          <StatusIcon icon={summary.icon} />
        </Button>
      </Tooltip>
      <SecurityDialogView open={open} onOpenChange={setOpen} attestation={attestation} />
    </>
  );
}
