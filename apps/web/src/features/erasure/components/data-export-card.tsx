import { type DataExport } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
} from "@paraphe/ui-kit";
import { useErrorText } from "../../../lib/api/error-text";
import { formatDateTime } from "../../../lib/format";
import { QueryLoadError } from "../../../lib/load-failure";
import { useDataExport, useDownloadDataExport, useRequestDataExport } from "../api/erasure-queries";

/**
 * Account settings: downloading one's data. A job prepares the export (the card asks again every
 * few seconds while it does); once ready, its JSON file and the PDFs it lists are downloaded here
 * until it expires.
 */
export function DataExportCard() {
  const { t } = useTranslation("web");
  const current = useDataExport();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("erasure.export.title")}</CardTitle>
        <CardDescription>{t("erasure.export.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {current.isError ? (
          <QueryLoadError query={current} message={t("erasure.export.loadError")} />
        ) : current.isPending ? (
          <div>
            <span role="status" className="sr-only">
              {t("erasure.export.loading")}
            </span>
            <Skeleton className="h-10 w-48" />
          </div>
        ) : (
          <ExportState current={current.data.export} />
        )}
      </CardContent>
    </Card>
  );
}

function ExportState({ current }: { current: DataExport | null }) {
  const { t, i18n } = useTranslation("web");
  const errorText = useErrorText();
  const request = useRequestDataExport();
  const download = useDownloadDataExport();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const ask = (
    <div>
      <Button
        variant={current?.status === "ready" ? "secondary" : "primary"}
        loading={request.isPending}
        onClick={() => request.mutate()}
      >
        {t(current === null ? "erasure.export.request" : "erasure.export.requestAgain")}
      </Button>
    </div>
  );
  return (
    <>
      {current?.status === "pending" ? (
        <p role="status" className="text-sm text-ink">
          {t("erasure.export.pending")}
        </p>
      ) : null}
      {current?.status === "failed" ? (
        <p role="alert" className="text-sm text-danger">
          {t("erasure.export.failed")}
        </p>
      ) : null}
      {current?.status === "ready" ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-ink">
            {t("erasure.export.ready", {
              date: formatDateTime(current.expiresAt, language),
            })}
          </p>
          {current.truncated ? (
            <p className="text-sm text-ink-muted">{t("erasure.export.truncated")}</p>
          ) : null}
          <div>
            <Button
              loading={download.isPending && download.variables.file === undefined}
              onClick={() => download.mutate({ exportUuid: current.uuid })}
            >
              {t("erasure.export.downloadData")}
            </Button>
          </div>
          {current.files.length > 0 ? (
            <div className="flex flex-col gap-1">
              <p className="text-sm font-medium text-ink">
                {t("erasure.export.files", { count: current.files.length })}
              </p>
              <ul className="flex flex-col gap-1">
                {current.files.map((file) => (
                  <li key={file.index}>
                    <Button
                      variant="link"
                      onClick={() =>
                        download.mutate({ exportUuid: current.uuid, file: file.index })
                      }
                    >
                      {t("erasure.export.downloadFile", {
                        filename: file.filename,
                        title: file.envelopeTitle,
                      })}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      {download.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText.apiError(download.error)}
        </p>
      ) : null}
      {request.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText.apiError(request.error)}
        </p>
      ) : null}
      {current?.status === "pending" ? null : ask}
    </>
  );
}
