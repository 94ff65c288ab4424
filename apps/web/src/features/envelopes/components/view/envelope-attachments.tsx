import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { Download, Paperclip } from "lucide-react";
import { useErrorText } from "../../../../lib/api/error-text";
import { useDownloadAttachment } from "../../api/envelope-mutations";
import { useEnvelopeAttachments } from "../../api/envelope-queries";

/**
 * The files the envelope's signers attached (attachment fields), once they signed: each with who
 * attached it and a download button. Nothing shows while there is none.
 */
export function EnvelopeAttachments({ envelopeUuid }: { envelopeUuid: string }) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const attachments = useEnvelopeAttachments(envelopeUuid);
  const download = useDownloadAttachment();
  const files = attachments.data?.attachments ?? [];
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="attachments-heading" className="flex flex-col gap-3">
      <h2 id="attachments-heading" className="text-base font-semibold text-ink">
        {t("view.attachments.title")}
      </h2>
      <ul className="flex flex-col gap-2">
        {files.map((file) => (
          <li
            key={file.uuid}
            className="flex items-center justify-between gap-3 rounded-md border border-border p-3"
          >
            <div className="flex min-w-0 items-center gap-2">
              <Paperclip aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-ink">{file.filename}</p>
                <p className="truncate text-xs text-ink-muted">
                  {t("view.attachments.by", { name: file.by })}
                </p>
              </div>
            </div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={download.isPending}
              aria-label={t("view.attachments.downloadFile", { name: file.filename })}
              onClick={() =>
                download.mutate(
                  { envelopeUuid, attachmentUuid: file.uuid },
                  { onError: (error) => toast.error(errorText.apiError(error)) },
                )
              }
            >
              <Download aria-hidden="true" />
              {t("view.attachments.download")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
