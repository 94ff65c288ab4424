import { useParams } from "react-router";
import { TemplateEditorPage } from "../features/envelopes/components/templates/template-editor";

/** /templates/{workspaceUuid}/{templateUuid}/edit */
export function TemplateEditRoute() {
  const { templateUuid = "" } = useParams();
  return <TemplateEditorPage key={templateUuid} templateUuid={templateUuid} />;
}
