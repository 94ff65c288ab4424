import { ENVELOPE_LIST_FILTERS, type EnvelopeListFilter } from "@paraphe/api-sdk/contract";
import { useParams } from "react-router";
import { EnvelopesPage } from "../features/envelopes/components/envelopes-page";
import { NotFoundContent } from "../components/not-found-content";

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
