import { TEMPLATE_STATUSES, type TemplateStatus } from "@paraphe/api-sdk/contract";
import { useParams } from "react-router";
import { TemplatesPage } from "../features/envelopes/components/templates/templates-page";
import { NotFoundContent } from "../components/not-found-content";

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
