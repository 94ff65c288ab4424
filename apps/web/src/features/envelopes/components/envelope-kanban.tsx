import { type EnvelopeStatus, type EnvelopeSummary } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Card } from "@paraphe/ui-kit";
import { Link } from "react-router";
import { EnvelopeStatusBadge } from "./envelope-status";
import { TagChips } from "../../../domain/tags";
import { formatDateTime } from "../../../lib/format";
import { PagePreviewImage } from "./page-preview";
import { envelopeHref } from "./envelope-link";

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
  const columns = COLUMNS.map((column) => ({
    ...column,
    envelopes: envelopes.filter((envelope) => column.statuses.includes(envelope.status)),
  })).filter((column) => column.envelopes.length > 0);
  return (
    <div className="flex snap-x gap-4 overflow-x-auto pb-2">
      {columns.map((column) => (
        <section
          key={column.id}
          aria-label={t(`envelopes.kanban.${column.id}`)}
          className="flex w-72 shrink-0 snap-start flex-col gap-3 rounded-lg bg-surface-muted p-3"
        >
          <h3 className="text-sm font-semibold text-ink">
            {t(`envelopes.kanban.${column.id}`)}{" "}
            <span className="text-ink-muted">({column.envelopes.length})</span>
          </h3>
          <ul className="flex flex-col gap-3">
            {column.envelopes.map((envelope) => (
              <li key={envelope.uuid}>
                <Card className="overflow-hidden">
                  <Link
                    to={envelopeHref(envelope)}
                    className="flex flex-col focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                  >
                    {envelope.firstDocumentUuid ? (
                      <PagePreviewImage
                        envelopeUuid={envelope.uuid}
                        documentUuid={envelope.firstDocumentUuid}
                        page={0}
                        alt=""
                        className="h-32 w-full"
                      />
                    ) : null}
                    <div className="flex flex-col gap-1 p-3">
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
                    </div>
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
