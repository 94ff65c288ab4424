import { useTranslation } from "@paraphe/i18n/react";
import { ConfirmDialog } from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { useErrorText } from "../../../../lib/api/error-text";
import { useDeleteTemplate } from "../../api/template-mutations";

/**
 * Confirms and deletes a template (POST /template/delete); the api's refusal shows in the dialog.
 * `onDeleted` runs after the success toast (close, or leave the deleted template's page).
 */
export function DeleteTemplateDialog({
  template,
  open,
  onOpenChange,
  onDeleted,
}: {
  template: { uuid: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const remove = useDeleteTemplate();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) remove.reset();
        onOpenChange(next);
      }}
      title={t("web:templates.delete.title")}
      description={t("web:templates.delete.description", { title: template.title })}
      confirmLabel={t("web:templates.delete.confirm")}
      cancelLabel={t("common:actions.cancel")}
      closeLabel={t("common:actions.close")}
      pending={remove.isPending}
      error={remove.isError ? errorText.apiError(remove.error) : null}
      onConfirm={() =>
        remove.mutate(template.uuid, {
          onSuccess: () => {
            toast.success(t("web:templates.actions.deleted"));
            onDeleted();
          },
        })
      }
    />
  );
}
