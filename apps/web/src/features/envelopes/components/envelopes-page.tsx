import {
  ENVELOPE_LIST_FILTERS,
  type EnvelopeListFilter,
  type EnvelopeSummary,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { EmptyState, buttonVariants } from "@paraphe/ui-kit";
import { FileStack, FileUp } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useGate } from "../../../app/permissions/gates";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { usePageMeta } from "../../../lib/page-meta";
import { useTags } from "../../../domain/tags";
import { useEnvelopeList, useWorkspaces } from "../api/envelope-queries";
import { EnvelopeKanban } from "./envelope-kanban";
import {
  ListFilters,
  ListPanel,
  ListViewToggle,
  readListView,
  resolveListTag,
  StatusTabs,
  writeListView,
  type ListView,
} from "./list-controls";
import { EnvelopeTable } from "./envelope-table";
import { TagPickerDialog } from "./tag-picker";
import { UploadDialog } from "./upload-dialog";

export type EnvelopeView = ListView;
export const ENVELOPE_VIEW_STORAGE_KEY = "paraphe.envelopes.view";

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
  const [view, setView] = useState<EnvelopeView>(() => readListView(ENVELOPE_VIEW_STORAGE_KEY));
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
  const { tagUuid, unknownTag, ready } = resolveListTag(
    initialTag,
    chosenTag,
    tags.data,
    tags.isSuccess,
  );
  const list = useEnvelopeList(filter, workspaceUuid, tagUuid, ready);
  const [tagging, setTagging] = useState<EnvelopeSummary | null>(null);
  const tabsId = useId();
  const envelopes: EnvelopeSummary[] = list.data?.pages.flatMap((page) => page.envelopes) ?? [];

  const chooseView = (next: EnvelopeView) => {
    setView(next);
    writeListView(ENVELOPE_VIEW_STORAGE_KEY, next);
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
        <StatusTabs
          values={ENVELOPE_LIST_FILTERS}
          value={filter}
          onChange={setFilter}
          label={t("web:envelopes.filters.label")}
          labelOf={(value) => t(`web:envelopes.filters.${value}`)}
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
          <ListViewToggle view={view} onChange={chooseView} />
          {mayUpload ? (
            <Link to="/envelopes/import" className={buttonVariants({ variant: "secondary" })}>
              <FileStack aria-hidden="true" />
              {t("web:envelopes.import.open")}
            </Link>
          ) : null}
          {uploadButton}
        </div>
      </div>

      <ListPanel
        labelledBy={`${tabsId}-${filter}`}
        list={list}
        unknownTag={unknownTag}
        isEmpty={envelopes.length === 0}
        empty={
          <EmptyState
            icon={<FileUp />}
            title={t("web:envelopes.empty.title")}
            description={t("web:envelopes.empty.description")}
            action={uploadButton}
          />
        }
        texts={{
          loading: t("web:envelopes.loading"),
          loadError: t("web:envelopes.loadError"),
          loadMore: t("web:envelopes.loadMore"),
        }}
      >
        {view === "table" ? (
          <EnvelopeTable envelopes={envelopes} onTags={setTagging} />
        ) : (
          <EnvelopeKanban envelopes={envelopes} />
        )}
      </ListPanel>

      <TagPickerDialog envelope={tagging} onClose={() => setTagging(null)} />
      <UploadDialog open={uploading} onOpenChange={setUploading} workspaceUuid={workspaceUuid} />
    </section>
  );
}
