import { type EnvelopeDocument } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../../lib/api/api-context";
import { envelopeKeys, templateKeys } from "../../api/keys";
import { type PreviewSource } from "../page-preview";

/**
 * Pages of the documents, and how many are settled: their preview is ready or they cannot be drawn
 * (all when the api did not say).
 */
export function previewProgress(documents: readonly EnvelopeDocument[]): {
  ready: number;
  total: number;
} {
  let ready = 0;
  let total = 0;
  for (const document of documents) {
    total += document.pageCount;
    const settled =
      (document.previewsReady ?? document.pageCount) + (document.unreadablePages?.length ?? 0);
    ready += Math.min(document.pageCount, settled);
  }
  return { ready, total };
}

/** The wait before asking again after `polls` reads: 1 s, growing by half each time, at most 5 s. */
export function preparingPollMs(polls: number): number {
  return Math.min(5_000, Math.round(1_000 * 1.5 ** polls));
}

/** Pages listed by number in the notice of a document's unreadable pages; more are counted. */
const LISTED_PAGES = 10;

/**
 * "Preparing pages n / N" while the api is still rendering the page images after the upload (each
 * page shows as soon as its own image is ready; this only tells how far the whole is). Reads the
 * envelope's (or template's) documents again with a growing wait until every page is settled, then
 * shows nothing, but for the pages that cannot be drawn: those are named, with why the envelope
 * cannot be sent, before Send is clicked.
 */
export function PreparingPages({
  uuid,
  source,
  documents,
}: {
  uuid: string;
  source: PreviewSource;
  documents: readonly EnvelopeDocument[];
}) {
  const { t } = useTranslation("web");
  const api = useApi();
  const initial = previewProgress(documents);
  const status = useQuery({
    queryKey:
      source === "template"
        ? [...templateKeys.detail(uuid), "preview-progress"]
        : [...envelopeKeys.detail(uuid), "preview-progress"],
    queryFn: async ({ signal }) =>
      source === "template"
        ? (await api.template.get({ templateUuid: uuid }, { signal })).documents
        : (await api.envelope.get({ envelopeUuid: uuid }, { signal })).documents,
    enabled: initial.ready < initial.total,
    initialData: documents,
    // The first read waits its turn: the data at hand is what the editor was given.
    initialDataUpdatedAt: Date.now(),
    staleTime: 0,
    refetchInterval: (query) => {
      const progress = query.state.data ? previewProgress(query.state.data) : undefined;
      return progress && progress.ready >= progress.total
        ? false
        : preparingPollMs(query.state.dataUpdateCount);
    },
  });
  const { ready, total } = previewProgress(status.data);
  const unreadable = status.data.filter((document) => (document.unreadablePages?.length ?? 0) > 0);
  return (
    <>
      {ready < total ? (
        <p
          role="status"
          className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-ink-muted"
          data-testid="preparing-pages"
        >
          {t("editor.pages.preparing", { ready, total })}
        </p>
      ) : null}
      {unreadable.length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-danger/40 bg-surface px-3 py-2 text-sm text-danger"
          data-testid="unreadable-pages"
        >
          <ul className="list-inside list-disc">
            {unreadable.map((document) => {
              const pages = document.unreadablePages ?? [];
              const listed = pages.slice(0, LISTED_PAGES).map((page) => page + 1);
              const more = pages.length - listed.length;
              return (
                <li key={document.uuid}>
                  {t(
                    source === "template"
                      ? "editor.pages.unreadableTemplate"
                      : "editor.pages.unreadable",
                    {
                      count: pages.length,
                      filename: document.filename,
                      pages: more > 0 ? `${listed.join(", ")}, …` : listed.join(", "),
                    },
                  )}
                </li>
              );
            })}
          </ul>
          <p>{t("editor.pages.unreadableHint")}</p>
        </div>
      ) : null}
    </>
  );
}
