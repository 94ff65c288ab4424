import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { postEmbedEvent } from "../../../domain/embed";
import { useApi, type AccessLink, type OpenedEnvelope } from "../../../lib/api";
import { watchPageReading } from "./page-reading";

const pageKey = (documentUuid: string, page: number) => `${documentUuid}:${page}`;

/**
 * The recipient's reading of the envelope's pages: a page is read once enough of it was on screen
 * (`watchPageReading` on the element `readerRef` holds); the server records it, and its answer
 * (every page read so far) is what the counter shows. A page the server did not record counts
 * again the next time it is on screen, and `onError` says why.
 */
export function usePageReading({
  link,
  opened,
  onError,
}: {
  link: AccessLink;
  opened: OpenedEnvelope;
  onError: (error: unknown) => void;
}): {
  readCount: number;
  pageCount: number;
  allRead: boolean;
  readerRef: RefObject<HTMLElement | null>;
  /** A page came on screen: look again at which pages are read. */
  onShown: () => void;
} {
  const api = useApi();
  const { documents } = opened;
  const [viewed, setViewed] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        Object.entries(opened.viewedPages).flatMap(([documentUuid, pages]) =>
          pages.map((page) => pageKey(documentUuid, page)),
        ),
      ),
  );
  const allPages = useMemo(
    () =>
      documents.flatMap((document) =>
        Array.from({ length: document.pageCount }, (_, page) => pageKey(document.uuid, page)),
      ),
    [documents],
  );
  const readCount = allPages.filter((key) => viewed.has(key)).length;

  const readerRef = useRef<HTMLElement>(null);
  const watcherRef = useRef<ReturnType<typeof watchPageReading> | null>(null);
  const reporting = useRef(new Set<string>());
  const markRead = (key: string) => {
    if (reporting.current.has(key)) return;
    reporting.current.add(key);
    const separator = key.lastIndexOf(":");
    const documentUuid = key.slice(0, separator);
    const page = Number(key.slice(separator + 1));
    api.envelope
      .markPageRead({ ...link, documentUuid, page })
      .then((answer) => {
        postEmbedEvent({
          type: "pageRead",
          payload: {
            pagesRead: Object.values(answer.viewedPages).reduce(
              (sum, read) => sum + read.length,
              0,
            ),
            pageCount: allPages.length,
          },
        });
        setViewed((current) => {
          const next = new Set(current);
          for (const [uuid, pages] of Object.entries(answer.viewedPages))
            for (const read of pages) next.add(pageKey(uuid, read));
          return next.size === current.size ? current : next;
        });
      })
      .catch((error: unknown) => {
        reporting.current.delete(key);
        watcherRef.current?.forget(key);
        onError(error);
      });
  };
  const markReadRef = useRef(markRead);
  useEffect(() => {
    markReadRef.current = markRead;
  });
  useEffect(() => {
    const root = readerRef.current;
    if (!root) return;
    const watching = watchPageReading(root, (key) => markReadRef.current(key));
    watcherRef.current = watching;
    watching.check();
    return () => {
      watching.stop();
      watcherRef.current = null;
    };
  }, []);
  const onShown = useCallback(() => watcherRef.current?.check(), []);

  return {
    readCount,
    pageCount: allPages.length,
    allRead: readCount === allPages.length,
    readerRef,
    onShown,
  };
}
