import { useParams } from "react-router";
import { DocumentLogsPage } from "../features/envelopes/components/view/document-logs-page";

/** /envelopes/{workspaceUuid}/{envelopeUuid}/logs: the document logs (spec §2). */
export function EnvelopeLogsRoute() {
  const { workspaceUuid = "", envelopeUuid = "" } = useParams();
  return (
    <DocumentLogsPage
      key={envelopeUuid}
      workspaceUuid={workspaceUuid}
      envelopeUuid={envelopeUuid}
    />
  );
}
