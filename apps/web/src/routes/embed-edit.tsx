import { useParams } from "react-router";
import { EmbeddedEditorPage } from "../features/envelopes/components/editor/embedded-editor-page";

/** /embed/edit/{accessKey}: the editor of an embed token's document, in a frame of a team's site. */
export function EmbedEditRoute() {
  const { accessKey = "" } = useParams();
  return <EmbeddedEditorPage key={accessKey} accessKey={accessKey} />;
}
