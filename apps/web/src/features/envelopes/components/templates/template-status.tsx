import { type TemplateStatus } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, type BadgeVariant } from "@paraphe/ui-kit";

const VARIANTS: Record<TemplateStatus, BadgeVariant> = {
  incomplete: "warning",
  draft: "neutral",
  active: "success",
  archived: "danger",
};

/** A template's status (spec §4: incomplete, draft, active, archived). */
export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  const { t } = useTranslation("web");
  return <Badge variant={VARIANTS[status]}>{t(`templates.status.${status}`)}</Badge>;
}

/** Where a template opens: its editor. */
export function templateHref(template: { uuid: string; workspaceUuid: string }, page = "edit") {
  return `/templates/${template.workspaceUuid}/${template.uuid}/${page}`;
}
