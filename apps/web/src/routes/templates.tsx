import { TEMPLATE_STATUSES, type TemplateStatus } from "@paraphe/api-sdk/contract";
import { useParams } from "react-router";
import { BulkSendPage } from "../features/envelopes/components/templates/bulk-send-page";
import { CreateEnvelopePage } from "../features/envelopes/components/templates/create-envelope-page";
import { TemplateEditorPage } from "../features/envelopes/components/templates/template-editor";
import { TemplatesPage } from "../features/envelopes/components/templates/templates-page";
import { NotFoundContent } from "./not-found";

/** /templates */
export function TemplatesRoute() {
  return <TemplatesPage />;
}

/** /templates/{status}: incomplete, draft, active or archived. */
export function TemplatesByStatusRoute() {
  const { status } = useParams();
  if (!status || !(TEMPLATE_STATUSES as readonly string[]).includes(status))
    return <NotFoundContent />;
  return <TemplatesPage key={status} initialFilter={status as TemplateStatus} />;
}

/** /templates/{workspaceUuid}/all */
export function TemplatesOfWorkspaceRoute() {
  const { workspaceUuid } = useParams();
  return <TemplatesPage key={workspaceUuid} initialWorkspaceUuid={workspaceUuid} />;
}

/** /templates/tag/{tag}: the templates carrying a tag (its uuid or its name). */
export function TemplatesOfTagRoute() {
  const { tag } = useParams();
  return <TemplatesPage key={tag} initialTag={tag} />;
}

/** /templates/{workspaceUuid}/{templateUuid}/edit */
export function TemplateEditRoute() {
  const { templateUuid = "" } = useParams();
  return <TemplateEditorPage key={templateUuid} templateUuid={templateUuid} />;
}

/** /templates/{workspaceUuid}/{templateUuid}/create-envelope */
export function TemplateCreateEnvelopeRoute() {
  const { templateUuid = "" } = useParams();
  return <CreateEnvelopePage key={templateUuid} templateUuid={templateUuid} />;
}

/** /templates/{workspaceUuid}/{templateUuid}/bulk-send */
export function TemplateBulkSendRoute() {
  const { templateUuid = "" } = useParams();
  return <BulkSendPage key={templateUuid} templateUuid={templateUuid} />;
}
