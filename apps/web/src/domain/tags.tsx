import { type EnvelopeTag } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useApi } from "../lib/api/api-context";
import { type WebApi } from "../lib/api/create-web-api";
import { tagKeys } from "./query-keys";

/** POST /tag/list: the team's tags (the settings page, the envelope filter and pickers). */
export function tagsQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: tagKeys.list(),
    queryFn: ({ signal }) => api.tag.list({}, { signal }),
    select: (data) => data.tags,
    staleTime: 60_000,
  });
}

export function useTags() {
  const api = useApi();
  return useQuery(tagsQueryOptions(api));
}

/** A colour swatch beside a workspace's or a tag's name (decorative: the name says it all). */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3 shrink-0 rounded-full border border-black/10"
      style={{ backgroundColor: color }}
    />
  );
}

/** The tags of an envelope as small chips (nothing when it has none). */
export function TagChips({ tags }: { tags: readonly EnvelopeTag[] }) {
  const { t } = useTranslation("web");
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t("tags.chips")} className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li
          key={tag.uuid}
          className="inline-flex items-center gap-1 rounded-full border border-border bg-surface px-2 py-0.5 text-xs font-medium text-ink"
        >
          <ColorSwatch color={tag.color} />
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
