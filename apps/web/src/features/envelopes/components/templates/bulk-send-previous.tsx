import { useTranslation } from "@paraphe/i18n/react";
import { Button, Skeleton } from "@paraphe/ui-kit";
import { useErrorText } from "../../../../lib/api/error-text";
import { formatDateTime } from "../../../../lib/format";
import { type useTemplateBulkSends } from "../../api/template-queries";

/** The template's earlier bulk sends, newest first, each with a way to show its report. */
export function PreviousBulkSends({
  previous,
  shown,
  onShow,
}: {
  previous: ReturnType<typeof useTemplateBulkSends>;
  shown: string | null;
  onShow: (bulkSendUuid: string) => void;
}) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const errorText = useErrorText();
  return (
    <section aria-labelledby="bulk-previous" className="flex flex-col gap-2">
      <h2 id="bulk-previous" className="text-base font-semibold text-ink">
        {t("web:templates.bulk.previous")}
      </h2>
      {previous.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : previous.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText.apiError(previous.error)}
        </p>
      ) : previous.data.bulkSends.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("web:templates.bulk.previousEmpty")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {previous.data.bulkSends.map((bulkSend) => (
            <li
              key={bulkSend.uuid}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm"
            >
              <span>
                {t("web:templates.bulk.previousItem", {
                  date: formatDateTime(bulkSend.createdAt, language),
                  sent: bulkSend.sent,
                  failed: bulkSend.failed,
                  total: bulkSend.total,
                })}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-pressed={shown === bulkSend.uuid}
                onClick={() => onShow(bulkSend.uuid)}
              >
                {t("web:templates.bulk.showReport")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
