import { SIGNING_LINK_DAYS_AFTER_END } from "@paraphe/api-sdk/contract";
import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Button, toast } from "@paraphe/ui-kit";
import { useMutation } from "@tanstack/react-query";
import { Ban, CalendarX, CheckCircle2, Clock, Download, FileClock, XCircle } from "lucide-react";
import { useApi, type AccessLink } from "../../../lib/api";
import { downloadSignerPdf, downloadSignerProof } from "../../../domain/download";
import { type ActingState, type EnvelopeState } from "../lib/envelope-state";
import { StatusPanel, type StatusPanelProps } from "./status-panel";

type FinalState = Exclude<EnvelopeState, ActingState>;

const looks: Record<FinalState, Pick<StatusPanelProps, "icon" | "tone">> = {
  signed: { icon: CheckCircle2, tone: "success" },
  approved: { icon: CheckCircle2, tone: "success" },
  viewed: { icon: CheckCircle2, tone: "success" },
  rejected: { icon: XCircle, tone: "neutral" },
  complete: { icon: CheckCircle2, tone: "success" },
  declined: { icon: XCircle, tone: "neutral" },
  declinedByOther: { icon: XCircle, tone: "warning" },
  canceled: { icon: Ban, tone: "warning" },
  notYourTurn: { icon: Clock, tone: "neutral" },
  notOpen: { icon: FileClock, tone: "neutral" },
  expired: { icon: CalendarX, tone: "warning" },
};

/**
 * An envelope this recipient cannot act on now: signed, approved or read, declined or rejected, canceled,
 * complete, waiting, expired.
 */
export function EnvelopeStatusPage({
  state,
  link,
  title,
}: {
  state: FinalState;
  link: AccessLink;
  title: string;
}) {
  const { t } = useTranslation("sign");
  const api = useApi();
  useDocumentTitle(title);
  const download = useMutation({
    mutationFn: () => downloadSignerPdf(api, link),
    onError: () => toast.error(t("errors.download")),
  });
  const downloadProof = useMutation({
    mutationFn: () => downloadSignerProof(api, link),
    onError: () => toast.error(t("errors.download")),
  });
  return (
    <StatusPanel
      {...looks[state]}
      title={t(`states.${state}.title`)}
      description={t(`states.${state}.description`, { days: SIGNING_LINK_DAYS_AFTER_END })}
    >
      {state === "complete" ? (
        <>
          <Button onClick={() => download.mutate()} loading={download.isPending} size="lg">
            <Download aria-hidden="true" />
            {t("download.signed")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => downloadProof.mutate()}
            loading={downloadProof.isPending}
            size="lg"
          >
            <Download aria-hidden="true" />
            {t("download.proof")}
          </Button>
        </>
      ) : null}
    </StatusPanel>
  );
}
