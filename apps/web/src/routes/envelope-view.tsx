import { useParams } from "react-router";
import { EnvelopeViewPage } from "../features/envelopes/components/view/envelope-view-page";

/** /envelopes/{workspaceUuid}/{envelopeUuid}/view */
export function EnvelopeViewRoute() {
  const { envelopeUuid = "" } = useParams();
  return <EnvelopeViewPage key={envelopeUuid} envelopeUuid={envelopeUuid} />;
}
