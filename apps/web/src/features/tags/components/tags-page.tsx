import {
  COLOR_PALETTE,
  TAG_NAME_MAX_LENGTH,
  tagNameSchema,
  type Tag,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  ConfirmDialog,
  DataTable,
  Dialog,
  DialogContent,
  toast,
  type DataTableColumn,
} from "@paraphe/ui-kit";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { NameColorForm } from "../../../domain/name-color-form";
import { ColorSwatch, useTags } from "../../../domain/tags";
import { useErrorText } from "../../../lib/api/error-text";
import { useDataTableLabels } from "../../../lib/data-table-labels";
import { formatDateTime } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import { useDeleteTag, useSaveTag } from "../api/tag-mutations";

type Editing = { kind: "create" } | { kind: "update"; tag: Tag };

/** /settings/tags: the team's tags (name with its colour, documents carrying it, dates). */
export function TagsPage() {
  const { t, i18n } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  usePageMeta({ title: t("web:tags.title") });
  const tags = useTags();
  const save = useSaveTag();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const tableLabels = useDataTableLabels();
  const labels = useMemo(
    () => ({ ...tableLabels, loading: t("web:tags.loading"), empty: t("web:tags.empty") }),
    [tableLabels, t],
  );
  const { reset: resetSave } = save;
  const { reset: resetRemove } = remove;

  const columns = useMemo<DataTableColumn<Tag>[]>(
    () => [
      {
        id: "name",
        header: t("web:tags.columns.name"),
        value: (tag) => tag.name,
        cell: (tag) => (
          <span className="flex items-center gap-2 font-medium">
            <ColorSwatch color={tag.color} />
            {tag.name}
          </span>
        ),
        hideable: false,
      },
      {
        id: "envelopeCount",
        header: t("web:tags.columns.envelopes"),
        value: (tag) => tag.envelopeCount,
      },
      {
        id: "createdAt",
        header: t("web:tags.columns.createdAt"),
        value: (tag) => tag.createdAt,
        cell: (tag) => formatDateTime(tag.createdAt, language),
        className: "whitespace-nowrap",
      },
      {
        id: "updatedAt",
        header: t("web:tags.columns.updatedAt"),
        value: (tag) => tag.updatedAt,
        cell: (tag) => formatDateTime(tag.updatedAt, language),
        className: "whitespace-nowrap",
      },
      {
        id: "actions",
        header: t("web:tags.columns.actions"),
        value: () => null,
        sortable: false,
        hideable: false,
        className: "text-right",
        cell: (tag) => (
          <div className="flex justify-end gap-1">
            <PermittedButton
              permission="update Team"
              variant="ghost"
              size="sm"
              aria-label={t("web:tags.editLabel", { name: tag.name })}
              onClick={() => {
                resetSave();
                setEditing({ kind: "update", tag });
              }}
            >
              {t("web:tags.edit")}
            </PermittedButton>
            <PermittedButton
              permission="update Team"
              variant="ghost"
              size="sm"
              aria-label={t("web:tags.deleteLabel", { name: tag.name })}
              onClick={() => {
                resetRemove();
                setDeleting(tag);
              }}
            >
              {t("web:tags.delete")}
            </PermittedButton>
          </div>
        ),
      },
    ],
    [t, language, resetSave, resetRemove],
  );

  return (
    <section aria-labelledby="tags-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="tags-title" className="text-lg font-semibold text-ink">
            {t("web:tags.title")}
          </h2>
          <p className="text-sm text-ink-muted">{t("web:tags.description")}</p>
        </div>
        <PermittedButton
          permission="update Team"
          onClick={() => {
            resetSave();
            setEditing({ kind: "create" });
          }}
        >
          <Plus aria-hidden="true" />
          {t("web:tags.create")}
        </PermittedButton>
      </div>

      <DataTable
        data={tags.data ?? []}
        columns={columns}
        getRowId={(tag) => tag.uuid}
        caption={t("web:tags.caption")}
        labels={labels}
        loading={tags.isPending}
        error={tags.isError ? errorText.apiError(tags.error) : undefined}
        onRetry={() => void tags.refetch()}
        exportFileName="tags"
      />

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? (
          <DialogContent
            title={
              editing.kind === "create"
                ? t("web:tags.form.createTitle")
                : t("web:tags.form.editTitle")
            }
            closeLabel={t("common:actions.close")}
          >
            <NameColorForm
              nameSchema={tagNameSchema}
              maxLength={TAG_NAME_MAX_LENGTH}
              defaultValues={
                editing.kind === "create"
                  ? { name: "", color: COLOR_PALETTE[0] }
                  : { name: editing.tag.name, color: editing.tag.color }
              }
              labels={{
                name: t("web:tags.form.name"),
                color: t("web:tags.form.color"),
                colorDescription: t("web:workspaces.form.colorDescription"),
                save: t("web:tags.form.save"),
                cancel: t("common:actions.cancel"),
              }}
              error={save.error}
              onClose={() => setEditing(null)}
              onSubmit={async (values) => {
                await save.mutateAsync(
                  editing.kind === "create"
                    ? { kind: "create", values }
                    : { kind: "update", values: { ...values, tagUuid: editing.tag.uuid } },
                );
                toast.success(
                  editing.kind === "create" ? t("web:tags.form.created") : t("web:tags.form.saved"),
                );
                setEditing(null);
              }}
            />
          </DialogContent>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t("web:tags.confirmDelete.title", { name: deleting?.name ?? "" })}
        description={t("web:tags.confirmDelete.description")}
        confirmLabel={t("web:tags.confirmDelete.confirm")}
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        pending={remove.isPending}
        error={remove.isError ? errorText.apiError(remove.error) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.uuid, {
            onSuccess: () => {
              toast.success(t("web:tags.deleted"));
              setDeleting(null);
            },
          });
        }}
      />
    </section>
  );
}
