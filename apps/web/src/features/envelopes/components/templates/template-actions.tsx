import { type TemplateSummary } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { usePermissions } from "../../../../app/permissions/permissions-context";
import { useErrorText } from "../../../../lib/api/error-text";
import { useTemplateStatusChange } from "../../api/template-mutations";
import { DeleteTemplateDialog } from "./delete-template-dialog";
import { templateHref } from "./template-status";

/**
 * A template's actions, as its role allows and its status permits: edit; use and bulk send (active
 * only); activate (draft), archive (draft or active), unarchive (archived); delete (confirmed).
 */
export function TemplateActions({ template }: { template: TemplateSummary }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const change = useTemplateStatusChange();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const mayUpdate = can("update", "Template");
  const mayUse = template.status === "active" && can("create", "Envelope");

  const changeStatus = (to: "activate" | "archive" | "unarchive") =>
    change.mutate(
      { templateUuid: template.uuid, to },
      {
        onSuccess: () =>
          toast.success(
            t(
              to === "activate"
                ? "web:templates.actions.activated"
                : to === "archive"
                  ? "web:templates.actions.archived"
                  : "web:templates.actions.unarchived",
            ),
          ),
        onError: (error) =>
          toast.error(`${t("web:templates.actions.failed")} ${errorText.apiError(error)}`),
      },
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("web:templates.actions.label", { title: template.title })}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void navigate(templateHref(template))}>
            {t("web:templates.actions.edit")}
          </DropdownMenuItem>
          {mayUse ? (
            <>
              <DropdownMenuItem
                onSelect={() => void navigate(templateHref(template, "create-envelope"))}
              >
                {t("web:templates.actions.use")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void navigate(templateHref(template, "bulk-send"))}>
                {t("web:templates.actions.bulkSend")}
              </DropdownMenuItem>
            </>
          ) : null}
          {mayUpdate && template.status === "draft" ? (
            <DropdownMenuItem onSelect={() => changeStatus("activate")}>
              {t("web:templates.actions.activate")}
            </DropdownMenuItem>
          ) : null}
          {mayUpdate && (template.status === "draft" || template.status === "active") ? (
            <DropdownMenuItem onSelect={() => changeStatus("archive")}>
              {t("web:templates.actions.archive")}
            </DropdownMenuItem>
          ) : null}
          {mayUpdate && template.status === "archived" ? (
            <DropdownMenuItem onSelect={() => changeStatus("unarchive")}>
              {t("web:templates.actions.unarchive")}
            </DropdownMenuItem>
          ) : null}
          {can("delete", "Template") ? (
            <DropdownMenuItem
              onSelect={() => {
                setConfirmingDelete(true);
              }}
            >
              {t("web:templates.actions.delete")}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteTemplateDialog
        template={template}
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        onDeleted={() => setConfirmingDelete(false)}
      />
    </>
  );
}
