import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { type PreviewWidth } from "@paraphe/api-sdk/contract";
import { screenPreviewWidth } from "../../../domain/preview-width";
import { type AccessLink, type OpenedEnvelope, type SignApi } from "../../../lib/api";

/** Query keys of the signing page. The link's secret is never part of a key. */
export const signingKeys = {
  all: ["signing"] as const,
  envelope: (envelopeUuid: string) => [...signingKeys.all, "envelope", envelopeUuid] as const,
  /** A page's preview at one of the contract's preview widths. */
  page: (envelopeUuid: string, documentUuid: string, page: number, width: PreviewWidth) =>
    [...signingKeys.envelope(envelopeUuid), "page", documentUuid, page, width] as const,
};

/**
 * `/envelope/open`: what this recipient may see and do. Its answer carries the first page's preview
 * when the recipient can act (served and recorded as viewed as a page call would): it is put in that
 * page's cache entry, so the first page shows without another call. `started`: the call already
 * sent by the entry (`main.tsx`, before React), used by the first fetch instead of a new call.
 */
export function openEnvelopeQueryOptions(
  api: SignApi,
  link: AccessLink,
  started?: Promise<OpenedEnvelope>,
) {
  let early = started;
  return queryOptions({
    queryKey: signingKeys.envelope(link.envelopeUuid),
    queryFn: async ({ signal, client }) => {
      const pending = early;
      early = undefined;
      // Idempotent (see `openEnvelopeEarly`): sent again after a lost session, or with a new handshake.
      // The width the entry's call asked for, unless the screen changed since (then the page's
      // query asks for its first page again at the new width).
      const width = screenPreviewWidth();
      const opened = await (pending ??
        api.envelope.open({ ...link, previewWidth: width }, { signal, idempotent: true }));
      if (opened.firstPage) {
        const { documentUuid, filename, contentType, data } = opened.firstPage;
        client.setQueryData(pagePreviewQueryOptions(api, link, documentUuid, 0, width).queryKey, {
          filename,
          contentType,
          data,
        });
      }
      return opened;
    },
    // Opened once per visit: the page mounting after the entry's call answered (or failed) does not
    // call again; what changes the envelope invalidates it, and the error page offers a retry.
    refetchOnMount: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * Puts `/envelope/open`, sent by the entry before React (`main.tsx`), in the visit's query client:
 * the page's query then finds it under way, or done. Its failure is the query's error, which the
 * page shows with its retry.
 */
export function prefetchOpenEnvelope(
  queryClient: QueryClient,
  api: SignApi,
  link: AccessLink,
  started: Promise<OpenedEnvelope>,
) {
  void queryClient.prefetchQuery(openEnvelopeQueryOptions(api, link, started));
}

/**
 * A page preview image (`/envelope/download-signer-document` with `page`) at `width`, the screen's
 * by default (`screenPreviewWidth`): the server records the page as viewed when it serves it. A
 * page does not change: fetched once per width, kept for the visit.
 */
export function pagePreviewQueryOptions(
  api: SignApi,
  link: AccessLink,
  documentUuid: string,
  page: number,
  width: PreviewWidth = screenPreviewWidth(),
) {
  return queryOptions({
    queryKey: signingKeys.page(link.envelopeUuid, documentUuid, page, width),
    queryFn: ({ signal }) =>
      api.envelope.downloadSignerDocument(
        { ...link, documentUuid, page, previewWidth: width },
        { signal },
      ),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
