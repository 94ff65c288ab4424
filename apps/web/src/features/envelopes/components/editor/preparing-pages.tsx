import { type EnvelopeDocument } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../../lib/api/api-context";
import { envelopeKeys, templateKeys } from "../../api/keys";
import { type PreviewSource } from "../page-preview";

/** Pages of the documents, and how many have their preview ready (all when the api did not say). */
export function previewProgress(documents: readonly EnvelopeDocument[]): {
  ready: number;
  total: number;
} {
  let ready = 0;
  let total = 0;
  for (const document of documents) {
    total += document.pageCount;
    ready += Math.min(document.pageCount, document.previewsReady ?? document.pageCount);
  }
  return { ready, total };
}

/** The wait before asking again after `polls` reads: 1 s, growing by half each time, at most 5 s. */
export function preparingPollMs(polls: number): number {
  return Math.min(5_000, Math.round(1_000 * 1.5 ** polls));
}

/**
 * "Preparing pages n / N" while the api is still rendering the page images after the upload (each
 * page shows as soon as its own image is ready; this only tells how far the whole is). Reads the
 * envelope's (or template's) documents again with a growing wait until every page is ready, then
 * shows nothing.
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
      previewProgress(
        source === "template"
          ? (await api.template.get({ templateUuid: uuid }, { signal })).documents
          : (await api.envelope.get({ envelopeUuid: uuid }, { signal })).documents,
      ),
    enabled: initial.ready < initial.total,
    initialData: initial,
    // The first read waits its turn: the data at hand is what the editor was given.
    initialDataUpdatedAt: Date.now(),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && query.state.data.ready >= query.state.data.total
        ? false
        : preparingPollMs(query.state.dataUpdateCount),
  });
  const { ready, total } = status.data;
  if (ready >= total) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-ink-muted"
      data-testid="preparing-pages"
    >
      {t("editor.pages.preparing", { ready, total })}
    </p>
  );
}
