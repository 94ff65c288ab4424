import { TEMPLATE_STATUSES, type TemplateSummary } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Card,
  DataCards,
  EmptyState,
  PHONE_MEDIA_QUERY,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useMediaQuery,
} from "@paraphe/ui-kit";
import { FilePlus2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { TagChips, useTags } from "../../../../domain/tags";
import { formatDateTime } from "../../../../lib/format";
import { usePageMeta } from "../../../../lib/page-meta";
import { useWorkspaces } from "../../api/envelope-queries";
import { useTemplateList, type TemplateListFilter } from "../../api/template-queries";
import {
  ListFilters,
  ListPanel,
  ListViewToggle,
  readListView,
  resolveListTag,
  StatusTabs,
  writeListView,
  type ListView,
} from "../list-controls";
import { PagePreviewImage } from "../page-preview";
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
  const [filter, setFilter] = useState<TemplateListFilter>(initialFilter);
  const [workspaceUuid, setWorkspaceUuid] = useState<string | undefined>(initialWorkspaceUuid);
  const [view, setView] = useState<ListView>(() => readListView(TEMPLATE_VIEW_STORAGE_KEY));
  const [uploading, setUploading] = useState(false);
  const workspaces = useWorkspaces();
  const tags = useTags();
  const [chosenTag, setChosenTag] = useState<string | undefined>(undefined);
  const { tagUuid, unknownTag, ready } = resolveListTag(
    initialTag,
    chosenTag,
    tags.data,
    tags.isSuccess,
  );
  const list = useTemplateList(filter, workspaceUuid, tagUuid, ready);
  const tabsId = useId();
  const templates: TemplateSummary[] = list.data?.pages.flatMap((page) => page.templates) ?? [];

  const newButton = (
    <PermittedButton permission="create Template" onClick={() => setUploading(true)}>
      <FilePlus2 aria-hidden="true" />
      {t("web:templates.upload.open")}
    </PermittedButton>
  );

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${tabsId}-heading`}>
      <h2 id={`${tabsId}-heading`} className="sr-only">
        {t("web:templates.title")}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusTabs
          values={FILTERS}
          value={filter}
          onChange={setFilter}
          label={t("web:templates.filters.label")}
          labelOf={(value) => t(`web:templates.filters.${value}`)}
          idPrefix={tabsId}
        />
        <div className="flex flex-wrap items-center gap-2">
          <ListFilters
            workspaceUuid={workspaceUuid}
            onWorkspaceChange={setWorkspaceUuid}
            workspaces={workspaces.data ?? []}
            tagUuid={tagUuid}
            onTagChange={setChosenTag}
            tags={tags.data ?? []}
          />
          <ListViewToggle
            view={view}
            onChange={(next) => {
              setView(next);
              writeListView(TEMPLATE_VIEW_STORAGE_KEY, next);
            }}
          />
          {newButton}
        </div>
      </div>

      <ListPanel
        labelledBy={`${tabsId}-${filter}`}
        list={list}
        unknownTag={unknownTag}
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
      >
        {view === "table" ? (
          <TemplateTable templates={templates} />
        ) : (
          <TemplateKanban templates={templates} />
        )}
      </ListPanel>

      <UploadDialog
        open={uploading}
        onOpenChange={setUploading}
        workspaceUuid={workspaceUuid}
        target="template"
      />
    </section>
  );
}

/** The table view of the templates; cards on a phone. */
function TemplateTable({ templates }: { templates: TemplateSummary[] }) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const asCards = useMediaQuery(PHONE_MEDIA_QUERY);
  if (asCards) {
    return (
      <DataCards
        rows={templates}
        getRowId={(template) => template.uuid}
        caption={t("templates.caption")}
        columns={[
          {
            id: "title",
            header: t("templates.columns.title"),
            card: "title",
            cell: (template) => (
              <>
                <Link
                  to={templateHref(template)}
                  className="text-ink underline-offset-2 hover:underline"
                >
                  {template.title}
                </Link>
                <TagChips tags={template.tags} />
              </>
            ),
          },
          {
            id: "status",
            header: t("templates.columns.status"),
            card: "status",
            cell: (template) => <TemplateStatusBadge status={template.status} />,
          },
          {
            id: "roles",
            header: t("templates.columns.roles"),
            cell: (template) => t("templates.roleCount", { count: template.roleCount }),
          },
          {
            id: "updatedAt",
            header: t("templates.columns.updatedAt"),
            cell: (template) => formatDateTime(template.updatedAt, language),
          },
          {
            id: "owner",
            header: t("templates.columns.owner"),
            cell: (template) => template.owner.name || template.owner.email,
          },
          {
            id: "actions",
            header: t("templates.columns.actions"),
            cell: (template) => <TemplateActions template={template} />,
          },
        ]}
      />
    );
  }
  return (
    <Table>
      <TableCaption className="sr-only">{t("templates.caption")}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("templates.columns.title")}</TableHead>
          <TableHead>{t("templates.columns.status")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("templates.columns.roles")}</TableHead>
          <TableHead className="hidden md:table-cell">{t("templates.columns.owner")}</TableHead>
          <TableHead className="hidden lg:table-cell">{t("templates.columns.updatedAt")}</TableHead>
          <TableHead className="text-right">{t("templates.columns.actions")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {templates.map((template) => (
          <TableRow key={template.uuid}>
            <TableCell className="max-w-64 font-medium">
              <Link
                to={templateHref(template)}
                className="block truncate text-ink underline-offset-2 hover:underline"
              >
                {template.title}
              </Link>
              <TagChips tags={template.tags} />
            </TableCell>
            <TableCell>
              <TemplateStatusBadge status={template.status} />
            </TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">
              {t("templates.roleCount", { count: template.roleCount })}
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <span className="block truncate">{template.owner.name || template.owner.email}</span>
            </TableCell>
            <TableCell className="hidden whitespace-nowrap lg:table-cell">
              {formatDateTime(template.updatedAt, language)}
            </TableCell>
            <TableCell className="text-right">
              <TemplateActions template={template} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The kanban view: a column per status (empty ones left out). */
function TemplateKanban({ templates }: { templates: TemplateSummary[] }) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const columns = TEMPLATE_STATUSES.map((status) => ({
    status,
    templates: templates.filter((template) => template.status === status),
  })).filter((column) => column.templates.length > 0);
  return (
    <div className="flex snap-x gap-4 overflow-x-auto pb-2">
      {columns.map((column) => (
        <section
          key={column.status}
          aria-label={t(`templates.filters.${column.status}`)}
          className="flex w-72 shrink-0 snap-start flex-col gap-3 rounded-lg bg-surface-muted p-3"
        >
          <h3 className="text-sm font-semibold text-ink">
            {t(`templates.filters.${column.status}`)}{" "}
            <span className="text-ink-muted">({column.templates.length})</span>
          </h3>
          <ul className="flex flex-col gap-3">
            {column.templates.map((template) => (
              <li key={template.uuid}>
                <Card className="overflow-hidden">
                  <Link
                    to={templateHref(template)}
                    className="flex flex-col focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                  >
                    {template.firstDocumentUuid ? (
                      <PagePreviewImage
                        envelopeUuid={template.uuid}
                        documentUuid={template.firstDocumentUuid}
                        page={0}
                        alt=""
                        className="h-32 w-full"
                        source="template"
                      />
                    ) : null}
                    <div className="flex flex-col gap-1 p-3">
                      <span className="truncate font-medium text-ink">{template.title}</span>
                      <span className="text-xs text-ink-muted">
                        {t("templates.roleCount", { count: template.roleCount })}
                        {" · "}
                        {formatDateTime(template.updatedAt, language)}
                      </span>
                      <TagChips tags={template.tags} />
                    </div>
                  </Link>
                  <div className="flex justify-end border-t border-border px-2 py-1">
                    <TemplateActions template={template} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
