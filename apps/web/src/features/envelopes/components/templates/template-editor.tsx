import { type TemplateDetail } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { CheckCircle2, Link2, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useGate } from "../../../../app/permissions/gates";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { useEmbeddedEditor } from "../editor/embedded-editor-context";
import { usePermissions } from "../../../../app/permissions/permissions-context";
import { fieldErrorProblems, useErrorText } from "../../../../lib/api/error-text";
import {
  useSaveTemplateFields,
  useSaveTemplateRoles,
  useTemplateStatusChange,
  useUpdateTemplate,
} from "../../api/template-mutations";
import { DocumentEditor, sendProblems, type EditorActionsContext } from "../editor/document-editor";
import { type EditorSource } from "../editor/editor-source";
import { WithTemplate } from "./template-loader";
import { EditorLoading } from "../editor/editor-page";
import { DeleteTemplateDialog } from "./delete-template-dialog";
import { DirectLinkDialog } from "./direct-link-dialog";
import { RolesPanel } from "./roles-panel";
import { TemplateStatusBadge } from "./template-status";

/** /templates/{workspaceUuid}/{templateUuid}/edit: the one editor, on a template. */
export function TemplateEditorPage({ templateUuid }: { templateUuid: string }) {
  return (
    <WithTemplate templateUuid={templateUuid} loading={<EditorLoading />}>
      {(template) => <TemplateEditor key={template.uuid} template={template} />}
    </WithTemplate>
  );
}

/** The editor's source for a template: saved through /template/*; archived ones are read-only. */
function useTemplateEditorSource(template: TemplateDetail): EditorSource {
  const { t } = useTranslation("web");
  const { mutateAsync: updateAsync } = useUpdateTemplate();
  const { mutateAsync: saveFieldsAsync } = useSaveTemplateFields();
  const mayUpdate = useGate("update Template").allowed;
  return useMemo(
    () => ({
      kind: "template",
      uuid: template.uuid,
      workspaceUuid: template.workspaceUuid,
      title: template.title,
      documents: template.documents,
      fields: template.fields,
      options: template.options,
      tags: template.tags,
      people: template.roles.map((role) => ({
        uuid: role.uuid,
        name: role.label,
        kind: role.kind,
      })),
      mayEdit: mayUpdate && template.status !== "archived",
      listPath: "/templates",
      backLabel: t("templates.editor.back"),
      update: (change) => updateAsync({ templateUuid: template.uuid, ...change }),
      saveFields: (fields) => saveFieldsAsync({ templateUuid: template.uuid, fields }),
    }),
    [template, mayUpdate, t, updateAsync, saveFieldsAsync],
  );
}

/**
 * A template in the one editor: its roles instead of recipients, its status, Activate once it is
 * complete (the reason shown while it is not), and delete.
 */
export function TemplateEditor({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation("web");
  const source = useTemplateEditorSource(template);
  const saveRoles = useSaveTemplateRoles();
  return (
    <DocumentEditor
      source={source}
      notice={
        template.status === "archived" ? (
          <p role="note" className="rounded-md border border-border bg-surface-muted p-3 text-sm">
            {t("templates.editor.archivedNotice")}
          </p>
        ) : undefined
      }
      peoplePanel={(panel) => (
        <RolesPanel
          template={template}
          panel={panel}
          save={(roles) =>
            panel.save(() => saveRoles.mutateAsync({ templateUuid: template.uuid, roles }))
          }
        />
      )}
      actions={(context) => ({
        buttons: <TemplateActionButtons template={template} context={context} />,
      })}
    />
  );
}

function TemplateActionButtons({
  template,
  context,
}: {
  template: TemplateDetail;
  context: EditorActionsContext;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { can } = usePermissions();
  // In a frame of the team's site, the editor's token saves the template; the team activates it
  // and turns its direct link on with its API key or in the app.
  const embedded = useEmbeddedEditor() !== null;
  const activate = useTemplateStatusChange();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [directLinkOpen, setDirectLinkOpen] = useState(false);
  const problems = sendProblems(
    template.roles.map((role) => ({ uuid: role.uuid, name: role.label, kind: role.kind })),
    context.fields(),
  ).map((problem) =>
    problem.kind === "noSignature"
      ? t("web:templates.editor.incomplete.noSignature", { name: problem.name })
      : t(`web:templates.editor.incomplete.${problem.kind}`),
  );

  const tryActivate = async () => {
    try {
      await context.flush();
      await activate.mutateAsync({ templateUuid: template.uuid, to: "activate" });
      toast.success(t("web:templates.actions.activated"));
    } catch {
      // The error shows below.
    }
  };

  return (
    <>
      <TemplateStatusBadge status={template.status} />
      {can("delete", "Template") ? (
        <Button
          variant="secondary"
          onClick={() => {
            setConfirmingDelete(true);
          }}
        >
          <Trash2 aria-hidden="true" />
          {t("web:templates.editor.delete.submit")}
        </Button>
      ) : null}
      {template.status === "active" && can("update", "Template") && !embedded ? (
        <Button variant="secondary" onClick={() => setDirectLinkOpen(true)}>
          <Link2 aria-hidden="true" />
          {t("web:templates.directLink.open")}
        </Button>
      ) : null}
      {(template.status === "draft" || template.status === "incomplete") && !embedded ? (
        <PermittedButton
          permission="update Template"
          loading={activate.isPending}
          disabled={problems.length > 0}
          onClick={() => void tryActivate()}
          aria-describedby={`template-activation-${template.uuid}`}
        >
          <CheckCircle2 aria-hidden="true" />
          {t("web:templates.editor.activate")}
        </PermittedButton>
      ) : null}
      <div
        id={`template-activation-${template.uuid}`}
        className="w-full text-sm"
        role={activate.isError ? "alert" : undefined}
      >
        {activate.isError ? (
          <div className="text-danger">
            <p>
              {t("web:templates.editor.activateError")} {errorText.apiError(activate.error)}
            </p>
            <ul className="list-inside list-disc">
              {fieldErrorProblems(activate.error).map(({ word, params }) => (
                <li key={word}>{errorText.validation(word, params)}</li>
              ))}
            </ul>
          </div>
        ) : template.status === "archived" || template.status === "active" ? (
          template.status === "active" ? (
            <p className="text-ink-muted">{t("web:templates.editor.activeNotice")}</p>
          ) : null
        ) : problems.length > 0 ? (
          <ul className="list-inside list-disc text-ink-muted">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">{t("web:templates.editor.ready")}</p>
        )}
      </div>
      {directLinkOpen ? (
        <DirectLinkDialog template={template} open onOpenChange={setDirectLinkOpen} />
      ) : null}
      <DeleteTemplateDialog
        template={template}
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        onDeleted={() => void navigate("/templates")}
      />
    </>
  );
}
