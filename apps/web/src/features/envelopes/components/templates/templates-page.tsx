import { TEMPLATE_STATUSES, type TemplateSummary } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { EmptyState } from "@paraphe/ui-kit";
import { FilePlus2 } from "lucide-react";
import { useState } from "react";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { SummaryTable } from "../../../../domain/summary-table";
import { TagChips } from "../../../../domain/tags";
import { formatDateTime } from "../../../../lib/format";
import { usePageMeta } from "../../../../lib/page-meta";
import { useTemplateList, type TemplateListFilter } from "../../api/template-queries";
import { KanbanBoard, KanbanCard } from "../kanban-board";
import { StatusListPage, useStatusListPage } from "../status-list-page";
import { UploadDialog } from "../upload-dialog";
import { TemplateActions } from "./template-actions";
import { templateHref, TemplateStatusBadge } from "./template-status";

export const TEMPLATE_VIEW_STORAGE_KEY = "paraphe.templates.view";
const FILTERS: readonly TemplateListFilter[] = ["all", ...TEMPLATE_STATUSES];

/**
 * /templates (spec §2): table or kanban (remembered), status tabs, workspace and tag selects,
 * keyset "load more", "New template" (an upload), and each template's actions.
 * `/templates/{status}`, `/templates/{workspaceUuid}/all` and `/templates/tag/{tag}` start on their
 * filter.
 */
export function TemplatesPage({
  initialFilter = "all",
  initialWorkspaceUuid,
  initialTag,
}: {
  initialFilter?: TemplateListFilter;
  initialWorkspaceUuid?: string;
  initialTag?: string;
}) {
  const { t } = useTranslation(["web", "common"]);
  usePageMeta({ title: t("web:templates.title") });
  const page = useStatusListPage({
    initialFilter,
    initialWorkspaceUuid,
    initialTag,
    storageKey: TEMPLATE_VIEW_STORAGE_KEY,
  });
  const [uploading, setUploading] = useState(false);
  const list = useTemplateList(page, page.ready);
  const templates: TemplateSummary[] = list.data?.pages.flatMap((page) => page.templates) ?? [];

  const newButton = (
    <PermittedButton permission="create Template" onClick={() => setUploading(true)}>
      <FilePlus2 aria-hidden="true" />
      {t("web:templates.upload.open")}
    </PermittedButton>
  );

  return (
    <StatusListPage
      page={page}
      title={t("web:templates.title")}
      tabs={{
        values: FILTERS,
        label: t("web:templates.filters.label"),
        labelOf: (value) => t(`web:templates.filters.${value}`),
      }}
      actions={newButton}
      list={list}
      isEmpty={templates.length === 0}
      empty={
        <EmptyState
          icon={<FilePlus2 />}
          title={t("web:templates.empty.title")}
          description={t("web:templates.empty.description")}
          action={newButton}
        />
      }
      texts={{
        loading: t("web:templates.loading"),
        loadError: t("web:templates.loadError"),
        loadMore: t("web:templates.loadMore"),
      }}
      dialogs={
        <UploadDialog
          open={uploading}
          onOpenChange={setUploading}
          workspaceUuid={page.workspaceUuid}
          target="template"
        />
      }
    >
      {page.view === "table" ? (
        <TemplateTable templates={templates} />
      ) : (
        <TemplateKanban templates={templates} />
      )}
    </StatusListPage>
  );
}

/** The table view of the templates; cards on a phone. */
function TemplateTable({ templates }: { templates: TemplateSummary[] }) {
  const { t } = useTranslation("web");
  return (
    <SummaryTable
      rows={templates}
      caption={t("templates.caption")}
      href={templateHref}
      headers={{
        title: t("templates.columns.title"),
        status: t("templates.columns.status"),
        owner: t("templates.columns.owner"),
        updatedAt: t("templates.columns.updatedAt"),
      }}
      status={(template) => <TemplateStatusBadge status={template.status} />}
      count={{
        id: "roles",
        header: t("templates.columns.roles"),
        cell: (template) => t("templates.roleCount", { count: template.roleCount }),
      }}
      actions={{
        header: t("templates.columns.actions"),
        cell: (template) => <TemplateActions template={template} />,
      }}
    />
  );
}

/** The kanban view: a column per status (empty ones left out). */
function TemplateKanban({ templates }: { templates: TemplateSummary[] }) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <KanbanBoard
      columns={TEMPLATE_STATUSES.map((status) => ({
        id: status,
        label: t(`templates.filters.${status}`),
        items: templates.filter((template) => template.status === status),
      }))}
      getKey={(template) => template.uuid}
      renderCard={(template) => (
        <KanbanCard
          href={templateHref(template)}
          preview={{
            uuid: template.uuid,
            documentUuid: template.firstDocumentUuid,
            source: "template",
          }}
          footer={
            <div className="flex justify-end border-t border-border px-2 py-1">
              <TemplateActions template={template} />
            </div>
          }
        >
          <span className="truncate font-medium text-ink">{template.title}</span>
          <span className="text-xs text-ink-muted">
            {t("templates.roleCount", { count: template.roleCount })}
            {" · "}
            {formatDateTime(template.updatedAt, language)}
          </span>
          <TagChips tags={template.tags} />
        </KanbanCard>
      )}
    />
  );
}
