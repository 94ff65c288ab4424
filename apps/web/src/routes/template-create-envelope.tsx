import { useParams } from "react-router";
import { CreateEnvelopePage } from "../features/envelopes/components/templates/create-envelope-page";

/** /templates/{workspaceUuid}/{templateUuid}/create-envelope */
export function TemplateCreateEnvelopeRoute() {
  const { templateUuid = "" } = useParams();
  return <CreateEnvelopePage key={templateUuid} templateUuid={templateUuid} />;
}
