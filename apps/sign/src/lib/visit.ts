import type { QueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import type { AccessLink, OpenedEnvelope } from "./api";

/**
 * What the pages of one visit share besides the api client: the query client, made with its
 * library's download only when a page asks for it (the signing page's first page shows without
 * it), and `/envelope/open` as the entry sent it before React.
 */
export interface SignVisit {
  /** The visit's one query client (TanStack Query's chunk downloads on the first call). */
  queryClient: () => Promise<QueryClient>;
  /**
   * `/envelope/open` for this link: the entry's call when it opened this envelope, else sent now
   * (idempotent); the same promise for the same envelope within the visit, so a page rendered twice
   * (Strict Mode) opens it once. For the first page only: the page's query sends its own later.
   */
  open: (link: AccessLink) => Promise<OpenedEnvelope>;
}

export const SignVisitContext = createContext<SignVisit | null>(null);

/** The visit's shared pieces; only under the pages that call the api (`SignedArea`). */
export function useSignVisit(): SignVisit {
  const visit = useContext(SignVisitContext);
  if (!visit) throw new Error("useSignVisit must be used inside the SignedArea");
  return visit;
}
