import { type ActivityEvent } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, DataTable, FormField, Select, type DataTableColumn } from "@paraphe/ui-kit";
import { ShieldAlert } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { ListPage, useListTable } from "../../../../components/list-page";
import { dateTimeColumn } from "../../../../lib/date-column";
import { usePageMeta } from "../../../../lib/page-meta";
import { useEnvelope, useEnvelopeActivity } from "../../api/envelope-queries";
import { activityActorText, useActivityEventDetails } from "./activity-event-details";

/** An event of the log with its place in the chain (the order it was recorded in). */
interface LogRow {
  index: number;
  event: ActivityEvent;
}

/**
 * /envelopes/{workspaceUuid}/{envelopeUuid}/logs (spec §2, document logs): every event of the
 * envelope's activity log, paginated, filtered by event type, with who, from where and the details;
 * a warning when the hash chain does not check out. A table from 640 px, cards on a phone.
 */
export function DocumentLogsPage({
  workspaceUuid,
  envelopeUuid,
}: {
  workspaceUuid: string;
  envelopeUuid: string;
}) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const navigate = useNavigate();
  const envelope = useEnvelope(envelopeUuid);
  const activity = useEnvelopeActivity(envelopeUuid);
  const details = useActivityEventDetails();
  const [type, setType] = useState("");
  usePageMeta({
    title: envelope.data
      ? `${t("web:view.logs.title")} – ${envelope.data.title}`
      : t("web:view.logs.title"),
    back: {
      label: t("web:view.logs.back"),
      onClick: () => void navigate(`/envelopes/${workspaceUuid}/${envelopeUuid}/view`),
    },
  });

  const rows = useMemo<LogRow[] | undefined>(
    () => activity.data?.events.map((event, index) => ({ index, event })),
    [activity.data],
  );
  const types = useMemo(() => [...new Set((rows ?? []).map((row) => row.event.type))], [rows]);
  const shown = useMemo(
    () => (type === "" ? rows : rows?.filter((row) => row.event.type === type)),
    [rows, type],
  );
  const table = useListTable(
    { ...activity, data: shown },
    { loading: t("web:view.logs.loading"), empty: t("web:view.logs.empty") },
  );
  const typeLabel = useCallback(
    (value: ActivityEvent["type"]) => t(`web:view.activity.types.${value}`),
    [t],
  );

  const columns = useMemo<DataTableColumn<LogRow>[]>(
    () => [
      {
        id: "type",
        header: t("web:view.logs.columns.type"),
        value: (row) => typeLabel(row.event.type),
        cell: (row) => <span className="font-medium text-ink">{typeLabel(row.event.type)}</span>,
        hideable: false,
      },
      {
        ...dateTimeColumn<LogRow>({
          id: "at",
          header: t("web:view.logs.columns.at"),
          date: (row) => row.event.at,
          language,
        }),
        // Events recorded in the same second keep the chain's order.
        value: (row) => row.index,
        hideable: false,
      },
      {
        id: "actor",
        header: t("web:view.logs.columns.actor"),
        value: (row) => activityActorText(row.event),
        cell: (row) => (
          <span className="[overflow-wrap:anywhere]">{activityActorText(row.event)}</span>
        ),
      },
      {
        id: "details",
        header: t("web:view.logs.columns.details"),
        value: (row) => details(row.event).join(" · "),
        cell: (row) => (
          <span className="flex flex-col gap-0.5 [overflow-wrap:anywhere]">
            {details(row.event).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </span>
        ),
        sortable: false,
      },
      {
        id: "ipAddress",
        header: t("web:view.logs.columns.ipAddress"),
        value: (row) => row.event.ipAddress,
      },
      {
        id: "userAgent",
        header: t("web:view.logs.columns.userAgent"),
        value: (row) => row.event.userAgent,
        cell: (row) => (
          <span className="text-xs [overflow-wrap:anywhere] text-ink-muted">
            {row.event.userAgent ?? ""}
          </span>
        ),
        sortable: false,
      },
    ],
    [t, language, details, typeLabel],
  );

  return (
    <ListPage
      headingId="document-logs-title"
      title={t("web:view.logs.title")}
      description={t("web:view.logs.description")}
      details={
        activity.data && !activity.data.chainValid ? (
          <span>
            <Badge variant="danger" title={t("web:view.activity.chainInvalidHint")}>
              <ShieldAlert aria-hidden="true" />
              {t("web:view.activity.chainInvalid")}
            </Badge>
          </span>
        ) : null
      }
    >
      <FormField label={t("web:view.logs.filter")} className="max-w-xs">
        <Select
          value={type}
          onValueChange={setType}
          options={[
            { value: "", label: t("web:view.logs.allTypes") },
            ...types.map((value) => ({ value, label: typeLabel(value) })),
          ]}
        />
      </FormField>
      <DataTable
        {...table}
        columns={columns}
        getRowId={(row) => String(row.index)}
        caption={t("web:view.logs.caption")}
        pageSizes={[25, 50, 100]}
        initialSorting={{ id: "at", desc: false }}
        initialHiddenColumns={["userAgent"]}
        exportFileName="document-logs"
      />
    </ListPage>
  );
}
