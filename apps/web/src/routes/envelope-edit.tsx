import { useParams } from "react-router";
import { EditorPage } from "../features/envelopes/components/editor/editor-page";

/** /envelopes/{workspaceUuid}/{envelopeUuid}/edit */
export function EnvelopeEditRoute() {
  const { envelopeUuid = "" } = useParams();
  return <EditorPage key={envelopeUuid} envelopeUuid={envelopeUuid} />;
}
