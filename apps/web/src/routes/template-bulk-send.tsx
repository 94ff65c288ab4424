import { useParams } from "react-router";
import { BulkSendPage } from "../features/envelopes/components/templates/bulk-send-page";

/** /templates/{workspaceUuid}/{templateUuid}/bulk-send */
export function TemplateBulkSendRoute() {
  const { templateUuid = "" } = useParams();
  return <BulkSendPage key={templateUuid} templateUuid={templateUuid} />;
}
