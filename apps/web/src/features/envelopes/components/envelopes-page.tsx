import {
  ENVELOPE_LIST_FILTERS,
  type EnvelopeListFilter,
  type EnvelopeSummary,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, EmptyState, Select, Skeleton, cn } from "@paraphe/ui-kit";
import { Columns3, FileUp, List } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { useSearchParams } from "react-router";
import { useGate } from "../../../app/permissions/gates";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { usePageMeta } from "../../../lib/page-meta";
import { useTags } from "../../../domain/tags";
import { useEnvelopeList, useWorkspaces } from "../api/envelope-queries";
import { EnvelopeKanban } from "./envelope-kanban";
import { EnvelopeTable } from "./envelope-table";
import { TagPickerDialog } from "./tag-picker";
import { UploadDialog } from "./upload-dialog";

export type EnvelopeView = "table" | "kanban";
export const ENVELOPE_VIEW_STORAGE_KEY = "paraphe.envelopes.view";

function readView(): EnvelopeView {
  try {
    return localStorage.getItem(ENVELOPE_VIEW_STORAGE_KEY) === "kanban" ? "kanban" : "table";
  } catch {
    return "table";
  }
}

function writeView(view: EnvelopeView) {
  try {
    localStorage.setItem(ENVELOPE_VIEW_STORAGE_KEY, view);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/**
 * /envelopes (spec §2): table or kanban (remembered), status tabs, workspace and tag selects,
 * keyset "load more", upload, and the tags of each row. `/envelopes/{status}`,
 * `/envelopes/{workspaceUuid}/all` and `/envelopes/tag/{tag}` (a tag's uuid or name) start on
 * their filter.
 */
export function EnvelopesPage({
  initialFilter = "all",
  initialWorkspaceUuid,
  initialTag,
}: {
  initialFilter?: EnvelopeListFilter;
  initialWorkspaceUuid?: string;
  initialTag?: string;
}) {
  const { t } = useTranslation(["web", "common"]);
  usePageMeta({ title: t("web:envelopes.title") });
  const [filter, setFilter] = useState<EnvelopeListFilter>(initialFilter);
  const [workspaceUuid, setWorkspaceUuid] = useState<string | undefined>(initialWorkspaceUuid);
  const [view, setView] = useState<EnvelopeView>(readView);
  const [searchParams, setSearchParams] = useSearchParams();
  const mayUpload = useGate("create Envelope").allowed;
  // `?upload=1` (the dashboard's quick access) opens the upload at once, for a role that may.
  const [uploading, setUploadingState] = useState(
    () => mayUpload && searchParams.get("upload") === "1",
  );
  const setUploading = (open: boolean) => {
    setUploadingState(open);
    if (!open && searchParams.has("upload")) setSearchParams({}, { replace: true });
  };
  const workspaces = useWorkspaces();
  const tags = useTags();
  const [chosenTag, setChosenTag] = useState<string | undefined>(undefined);
  // The route's tag (uuid or name) once the team's tags are known; then the select decides.
  const routeTag =
    initialTag === undefined
      ? undefined
      : tags.data?.find(
          (tag) => tag.uuid === initialTag || tag.name.toLowerCase() === initialTag.toLowerCase(),
        );
  const tagUuid = chosenTag ?? routeTag?.uuid;
  const unknownTag = initialTag !== undefined && tags.isSuccess && routeTag === undefined;
  // On /envelopes/tag/{tag}, nothing is listed before the tag is known (never the whole list).
  const list = useEnvelopeList(
    filter,
    workspaceUuid,
    tagUuid,
    initialTag === undefined || chosenTag !== undefined || routeTag !== undefined,
  );
  const [tagging, setTagging] = useState<EnvelopeSummary | null>(null);
  const selectId = useId();
  const tagSelectId = useId();
  const tabsId = useId();
  const envelopes: EnvelopeSummary[] = list.data?.pages.flatMap((page) => page.envelopes) ?? [];

  const chooseView = (next: EnvelopeView) => {
    setView(next);
    writeView(next);
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = ENVELOPE_LIST_FILTERS[(index + step + ENVELOPE_LIST_FILTERS.length) % 4] ?? "all";
    setFilter(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };

  const uploadButton = (
    <PermittedButton permission="create Envelope" onClick={() => setUploading(true)}>
      <FileUp aria-hidden="true" />
      {t("web:envelopes.upload.open")}
    </PermittedButton>
  );

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${tabsId}-heading`}>
      <h2 id={`${tabsId}-heading`} className="sr-only">
        {t("web:envelopes.title")}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label={t("web:envelopes.filters.label")}
          className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-surface-muted p-1"
        >
          {ENVELOPE_LIST_FILTERS.map((value, index) => (
            <button
              key={value}
              id={`${tabsId}-${value}`}
              type="button"
              role="tab"
              aria-selected={filter === value}
              tabIndex={filter === value ? 0 : -1}
              onKeyDown={(event) => onTabKey(event, index)}
              onClick={() => setFilter(value)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-ink-muted focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
                filter === value && "bg-surface text-ink shadow-sm",
              )}
            >
              {t(`web:envelopes.filters.${value}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            {t("web:envelopes.workspace.label")}
          </label>
          <Select
            id={selectId}
            containerClassName="w-auto"
            className="h-9"
            value={workspaceUuid ?? ""}
            onValueChange={(value) => setWorkspaceUuid(value || undefined)}
            options={[
              { value: "", label: t("web:envelopes.workspace.all") },
              ...(workspaces.data ?? []).map((workspace) => ({
                value: workspace.uuid,
                label: workspace.name,
              })),
            ]}
          />
          <label htmlFor={tagSelectId} className="sr-only">
            {t("web:tags.filter.label")}
          </label>
          <Select
            id={tagSelectId}
            containerClassName="w-auto"
            className="h-9"
            value={tagUuid ?? ""}
            onValueChange={(value) => setChosenTag(value)}
            options={[
              { value: "", label: t("web:tags.filter.all") },
              ...(tags.data ?? []).map((tag) => ({ value: tag.uuid, label: tag.name })),
            ]}
          />
          <div
            role="group"
            aria-label={t("web:envelopes.view.label")}
            className="flex rounded-md border border-border"
          >
            <Button
              variant={view === "table" ? "secondary" : "ghost"}
              size="icon"
              aria-label={t("web:envelopes.view.table")}
              aria-pressed={view === "table"}
              onClick={() => chooseView("table")}
            >
              <List aria-hidden="true" />
            </Button>
            <Button
              variant={view === "kanban" ? "secondary" : "ghost"}
              size="icon"
              aria-label={t("web:envelopes.view.kanban")}
              aria-pressed={view === "kanban"}
              onClick={() => chooseView("kanban")}
            >
              <Columns3 aria-hidden="true" />
            </Button>
          </div>
          {uploadButton}
        </div>
      </div>

      <div role="tabpanel" aria-labelledby={`${tabsId}-${filter}`} aria-busy={list.isPending}>
        {unknownTag ? (
          <p role="alert" className="text-sm text-danger">
            {t("web:tags.notFound")}
          </p>
        ) : list.isPending ? (
          <div className="flex flex-col gap-2">
            <span role="status" className="sr-only">
              {t("web:envelopes.loading")}
            </span>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-12 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4 text-sm text-danger"
          >
            {t("web:envelopes.loadError")}
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              {t("common:actions.retry")}
            </Button>
          </div>
        ) : envelopes.length === 0 ? (
          <EmptyState
            icon={<FileUp />}
            title={t("web:envelopes.empty.title")}
            description={t("web:envelopes.empty.description")}
            action={uploadButton}
          />
        ) : view === "table" ? (
          <EnvelopeTable envelopes={envelopes} onTags={setTagging} />
        ) : (
          <EnvelopeKanban envelopes={envelopes} />
        )}
        {list.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button
              variant="secondary"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t("web:envelopes.loadMore")}
            </Button>
          </div>
        ) : null}
        {list.isFetchNextPageError ? (
          <p role="alert" className="mt-2 text-center text-sm text-danger">
            {t("web:envelopes.loadError")}
          </p>
        ) : null}
      </div>

      <TagPickerDialog envelope={tagging} onClose={() => setTagging(null)} />
      <UploadDialog open={uploading} onOpenChange={setUploading} workspaceUuid={workspaceUuid} />
    </section>
  );
}
