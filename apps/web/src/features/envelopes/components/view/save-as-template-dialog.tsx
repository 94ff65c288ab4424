import { type EnvelopeDetail } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Dialog, DialogContent, DialogFooter, FormField, Input } from "@paraphe/ui-kit";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useErrorText } from "../../../../lib/api/error-text";
import { useCreateTemplateFromEnvelope } from "../../api/template-mutations";

/**
 * "Save as template": a new template from the envelope's documents, roles (its recipients, by
 * name) and fields (POST /template/create-from-envelope); it opens in the editor.
 */
export function SaveAsTemplateDialog({
  open,
  onOpenChange,
  envelope,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  envelope: Pick<EnvelopeDetail, "uuid" | "title">;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const create = useCreateTemplateFromEnvelope();
  const [title, setTitle] = useState(envelope.title);
  const empty = title.trim() === "";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t("web:view.saveAsTemplate.title")}
        description={t("web:view.saveAsTemplate.description")}
        closeLabel={t("common:actions.close")}
      >
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (empty) return;
            create.mutate(
              { envelopeUuid: envelope.uuid, title: title.trim() },
              {
                onSuccess: (template) => {
                  onOpenChange(false);
                  void navigate(`/templates/${template.workspaceUuid}/${template.uuid}/edit`);
                },
              },
            );
          }}
        >
          <FormField
            label={t("web:view.saveAsTemplate.name")}
            required
            error={empty ? errorText.validation("required") : undefined}
          >
            <Input value={title} onChange={(event) => setTitle(event.target.value)} />
          </FormField>
          {create.isError ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {t("web:view.saveAsTemplate.error")} {errorText.apiError(create.error)}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" disabled={empty} loading={create.isPending}>
              {t("web:view.saveAsTemplate.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
