import { type EnvelopeDetail } from "@paraphe/api-sdk/contract";
import { createContext, useContext } from "react";

/**
 * The editor opened in a frame of a team's site (`/embed/edit/...`): no session, no navigation to
 * the app's other pages. What the editor does differently there: it hands a sent envelope to the
 * embedding page instead of opening the envelope's view, and offers no deletion.
 */
export interface EmbeddedEditor {
  onSent(envelope: EnvelopeDetail): void;
}

export const EmbeddedEditorContext = createContext<EmbeddedEditor | null>(null);

/** The embedded editor's hooks, or null in the app itself. */
export function useEmbeddedEditor(): EmbeddedEditor | null {
  return useContext(EmbeddedEditorContext);
}
