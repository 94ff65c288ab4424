import { type Tag } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { toast } from "../../../lib/toast";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import {
  NameColorDeleteDialog,
  NameColorDialog,
  NameColorSettingsSection,
  NameColorTable,
  nameColorColumns,
  type NameColorEditing,
} from "../../../domain/name-color-settings";
import { useTags } from "../../../domain/tags";
import { usePageMeta } from "../../../lib/page-meta";
import { useDeleteTag, useSaveTag } from "../api/tag-mutations";

/** /settings/tags: the team's tags (name with its colour, documents carrying it, dates). */
export function TagsPage() {
  const { t, i18n } = useTranslation(["web", "common"]);
  usePageMeta({ title: t("web:tags.title") });
  const tags = useTags();
  const save = useSaveTag();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<NameColorEditing<Tag> | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { reset: resetSave } = save;
  const { reset: resetRemove } = remove;

  const columns = useMemo(
    () =>
      nameColorColumns<Tag>({
        kind: "tag",
        t,
        count: { id: "envelopeCount", value: (tag) => tag.envelopeCount },
        language,
        actions: (tag) => (
          <div className="flex justify-end gap-1">
            <PermittedButton
              permission="update Team tags"
              variant="ghost"
              size="sm"
              aria-label={t("web:tags.editLabel", { name: tag.name })}
              onClick={() => {
                resetSave();
                setEditing({ kind: "update", record: tag });
              }}
            >
              {t("web:tags.edit")}
            </PermittedButton>
            <PermittedButton
              permission="update Team tags"
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
      }),
    [t, language, resetSave, resetRemove],
  );

  return (
    <NameColorSettingsSection
      kind="tag"
      action={
        <PermittedButton
          permission="update Team tags"
          onClick={() => {
            resetSave();
            setEditing({ kind: "create" });
          }}
        >
          <Plus aria-hidden="true" />
          {t("web:tags.create")}
        </PermittedButton>
      }
    >
      <NameColorTable kind="tag" list={tags} columns={columns} />

      <NameColorDialog
        kind="tag"
        editing={editing}
        onClose={() => setEditing(null)}
        saving={save}
      />

      <NameColorDeleteDialog
        kind="tag"
        deleting={deleting}
        onClose={() => setDeleting(null)}
        removal={remove}
        onConfirm={(tag) =>
          remove.mutate(tag.uuid, {
            onSuccess: () => {
              toast.success(t("web:tags.deleted"));
              setDeleting(null);
            },
          })
        }
      />
    </NameColorSettingsSection>
  );
}
