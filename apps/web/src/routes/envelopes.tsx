import { ENVELOPE_LIST_FILTERS, type EnvelopeListFilter } from "@paraphe/api-sdk/contract";
import { useParams } from "react-router";
import { EditorPage } from "../features/envelopes/components/editor/editor-page";
import { EnvelopesPage } from "../features/envelopes/components/envelopes-page";
import { DriveImportPage } from "../features/envelopes/components/import/drive-import-page";
import { ImportPage } from "../features/envelopes/components/import/import-page";
import { EnvelopeViewPage } from "../features/envelopes/components/view/envelope-view-page";
import { NotFoundContent } from "./not-found";

/** /envelopes */
export function EnvelopesRoute() {
  return <EnvelopesPage />;
}

/** /envelopes/{status}: draft, signing or complete (the values are not shown in the interface). */
export function EnvelopesByStatusRoute() {
  const { status } = useParams();
  if (!status || status === "all" || !(ENVELOPE_LIST_FILTERS as readonly string[]).includes(status))
    return <NotFoundContent />;
  return <EnvelopesPage key={status} initialFilter={status as EnvelopeListFilter} />;
}

/** /envelopes/{workspaceUuid}/all */
export function EnvelopesOfWorkspaceRoute() {
  const { workspaceUuid } = useParams();
  return <EnvelopesPage key={workspaceUuid} initialWorkspaceUuid={workspaceUuid} />;
}

/** /envelopes/tag/{tag}: the envelopes carrying a tag (its uuid or its name). */
export function EnvelopesOfTagRoute() {
  const { tag } = useParams();
  return <EnvelopesPage key={tag} initialTag={tag} />;
}

/** /envelopes/{workspaceUuid}/{envelopeUuid}/edit */
export function EnvelopeEditRoute() {
  const { envelopeUuid = "" } = useParams();
  return <EditorPage key={envelopeUuid} envelopeUuid={envelopeUuid} />;
}

/** /envelopes/{workspaceUuid}/{envelopeUuid}/view */
export function EnvelopeViewRoute() {
  const { envelopeUuid = "" } = useParams();
  return <EnvelopeViewPage key={envelopeUuid} envelopeUuid={envelopeUuid} />;
}

/** /envelopes/import */
export function EnvelopesImportRoute() {
  return <ImportPage />;
}

/** /envelopes/import-google-drive */
export function EnvelopesImportGoogleDriveRoute() {
  return <DriveImportPage />;
}
