import {
  ENVELOPE_LIST_FILTERS,
  type EnvelopeListFilter,
  type EnvelopeSummary,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { EmptyState, buttonVariants } from "@paraphe/ui-kit";
import { FileStack, FileUp } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useGate } from "../../../app/permissions/gates";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { usePageMeta } from "../../../lib/page-meta";
import { useEnvelopeList } from "../api/envelope-queries";
import { EnvelopeKanban } from "./envelope-kanban";
import { type ListView } from "./list-controls";
import { StatusListPage, useStatusListPage } from "./status-list-page";
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
  const page = useStatusListPage({
    initialFilter,
    initialWorkspaceUuid,
    initialTag,
    storageKey: ENVELOPE_VIEW_STORAGE_KEY,
  });
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
  const list = useEnvelopeList(page, page.ready);
  const [tagging, setTagging] = useState<EnvelopeSummary | null>(null);
  const envelopes: EnvelopeSummary[] = list.data?.pages.flatMap((page) => page.envelopes) ?? [];

  const uploadButton = (
    <PermittedButton permission="create Envelope" onClick={() => setUploading(true)}>
      <FileUp aria-hidden="true" />
      {t("web:envelopes.upload.open")}
    </PermittedButton>
  );

  return (
    <StatusListPage
      page={page}
      title={t("web:envelopes.title")}
      tabs={{
        values: ENVELOPE_LIST_FILTERS,
        label: t("web:envelopes.filters.label"),
        labelOf: (value) => t(`web:envelopes.filters.${value}`),
      }}
      actions={
        <>
          {mayUpload ? (
            <Link to="/envelopes/import" className={buttonVariants({ variant: "secondary" })}>
              <FileStack aria-hidden="true" />
              {t("web:envelopes.import.open")}
            </Link>
          ) : null}
          {uploadButton}
        </>
      }
      list={list}
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
      dialogs={
        <>
          <TagPickerDialog envelope={tagging} onClose={() => setTagging(null)} />
          <UploadDialog
            open={uploading}
            onOpenChange={setUploading}
            workspaceUuid={page.workspaceUuid}
          />
        </>
      }
    >
      {page.view === "table" ? (
        <EnvelopeTable envelopes={envelopes} onTags={setTagging} />
      ) : (
        <EnvelopeKanban envelopes={envelopes} />
      )}
    </StatusListPage>
  );
}
