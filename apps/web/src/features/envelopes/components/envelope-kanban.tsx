import { type EnvelopeStatus, type EnvelopeSummary } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { EnvelopeStatusBadge } from "./envelope-status";
import { TagChips } from "../../../domain/tags";
import { formatDateTime } from "../../../lib/format";
import { envelopeHref } from "./envelope-link";
import { KanbanBoard, KanbanCard } from "./kanban-board";

const COLUMNS: { id: "draft" | "signing" | "complete" | "closed"; statuses: EnvelopeStatus[] }[] = [
  { id: "draft", statuses: ["draft"] },
  { id: "signing", statuses: ["signing", "approving"] },
  { id: "complete", statuses: ["complete"] },
  { id: "closed", statuses: ["declined", "canceled"] },
];

/** The kanban view: a column per stage (empty ones left out); cards show their tags like table rows. */
export function EnvelopeKanban({ envelopes }: { envelopes: EnvelopeSummary[] }) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <KanbanBoard
      columns={COLUMNS.map((column) => ({
        id: column.id,
        label: t(`envelopes.kanban.${column.id}`),
        items: envelopes.filter((envelope) => column.statuses.includes(envelope.status)),
      }))}
      getKey={(envelope) => envelope.uuid}
      renderCard={(envelope) => (
        <KanbanCard
          href={envelopeHref(envelope)}
          preview={{ uuid: envelope.uuid, documentUuid: envelope.firstDocumentUuid }}
        >
          <span className="truncate font-medium text-ink">{envelope.title}</span>
          <span>
            <EnvelopeStatusBadge status={envelope.status} />
          </span>
          <span className="text-xs text-ink-muted">
            {t("envelopes.signedOf", {
              signed: envelope.signedCount,
              total: envelope.signerCount,
            })}
            {" · "}
            {formatDateTime(envelope.updatedAt, language)}
          </span>
          <TagChips tags={envelope.tags} />
        </KanbanCard>
      )}
    />
  );
}
