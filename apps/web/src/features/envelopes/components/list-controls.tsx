import { useTranslation } from "@paraphe/i18n/react";
import { Button, Select, Skeleton, cn } from "@paraphe/ui-kit";
import { Columns3, List } from "lucide-react";
import { useId, type KeyboardEvent, type ReactNode } from "react";

export type ListView = "table" | "kanban";

/** The view a list was last shown in (table unless the person chose kanban), per list. */
export function readListView(storageKey: string): ListView {
  try {
    return localStorage.getItem(storageKey) === "kanban" ? "kanban" : "table";
  } catch {
    return "table";
  }
}

export function writeListView(storageKey: string, view: ListView) {
  try {
    localStorage.setItem(storageKey, view);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/**
 * Status tabs of a list (arrow keys move between them); each tab's id is `${idPrefix}-${value}`,
 * for the tab panel's `aria-labelledby`. They wrap onto more lines rather than hide some statuses
 * off screen, and are touch-sized (44 px) on phones.
 */
export function StatusTabs<Value extends string>({
  values,
  value,
  onChange,
  label,
  labelOf,
  idPrefix,
}: {
  values: readonly Value[];
  value: Value;
  onChange: (value: Value) => void;
  label: string;
  labelOf: (value: Value) => string;
  idPrefix: string;
}) {
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = values[(index + step + values.length) % values.length];
    if (next === undefined) return;
    onChange(next);
    document.getElementById(`${idPrefix}-${next}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="flex max-w-full flex-wrap gap-1 rounded-lg bg-surface-muted p-1"
    >
      {values.map((item, index) => (
        <button
          key={item}
          id={`${idPrefix}-${item}`}
          type="button"
          role="tab"
          aria-selected={value === item}
          tabIndex={value === item ? 0 : -1}
          onKeyDown={(event) => onKey(event, index)}
          onClick={() => onChange(item)}
          className={cn(
            "min-h-11 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-ink-muted focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:min-h-0",
            value === item && "bg-surface text-ink shadow-sm",
          )}
        >
          {labelOf(item)}
        </button>
      ))}
    </div>
  );
}

/** The workspace and tag selects of a list ("" = all). */
export function ListFilters({
  workspaceUuid,
  onWorkspaceChange,
  workspaces,
  tagUuid,
  onTagChange,
  tags,
}: {
  workspaceUuid: string | undefined;
  onWorkspaceChange: (workspaceUuid: string | undefined) => void;
  workspaces: readonly { uuid: string; name: string }[];
  tagUuid: string | undefined;
  onTagChange: (tagUuid: string) => void;
  tags: readonly { uuid: string; name: string }[];
}) {
  const { t } = useTranslation("web");
  const workspaceId = useId();
  const tagId = useId();
  return (
    <>
      <label htmlFor={workspaceId} className="sr-only">
        {t("envelopes.workspace.label")}
      </label>
      <Select
        id={workspaceId}
        containerClassName="w-auto"
        className="h-9"
        value={workspaceUuid ?? ""}
        onValueChange={(value) => onWorkspaceChange(value || undefined)}
        options={[
          { value: "", label: t("envelopes.workspace.all") },
          ...workspaces.map((workspace) => ({ value: workspace.uuid, label: workspace.name })),
        ]}
      />
      <label htmlFor={tagId} className="sr-only">
        {t("tags.filter.label")}
      </label>
      <Select
        id={tagId}
        containerClassName="w-auto"
        className="h-9"
        value={tagUuid ?? ""}
        onValueChange={onTagChange}
        options={[
          { value: "", label: t("tags.filter.all") },
          ...tags.map((tag) => ({ value: tag.uuid, label: tag.name })),
        ]}
      />
    </>
  );
}

/** Table or kanban. */
export function ListViewToggle({
  view,
  onChange,
}: {
  view: ListView;
  onChange: (view: ListView) => void;
}) {
  const { t } = useTranslation("web");
  return (
    <div
      role="group"
      aria-label={t("envelopes.view.label")}
      className="flex rounded-md border border-border"
    >
      <Button
        variant={view === "table" ? "secondary" : "ghost"}
        size="icon"
        aria-label={t("envelopes.view.table")}
        aria-pressed={view === "table"}
        onClick={() => onChange("table")}
      >
        <List aria-hidden="true" />
      </Button>
      <Button
        variant={view === "kanban" ? "secondary" : "ghost"}
        size="icon"
        aria-label={t("envelopes.view.kanban")}
        aria-pressed={view === "kanban"}
        onClick={() => onChange("kanban")}
      >
        <Columns3 aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * The route's tag (a uuid or a name) among the team's tags, and the tag the list filters on: the
 * one chosen in the select, else the route's.
 */
export function resolveListTag(
  initialTag: string | undefined,
  chosenTag: string | undefined,
  tags: readonly { uuid: string; name: string }[] | undefined,
  tagsLoaded: boolean,
) {
  const routeTag =
    initialTag === undefined
      ? undefined
      : tags?.find(
          (tag) => tag.uuid === initialTag || tag.name.toLowerCase() === initialTag.toLowerCase(),
        );
  return {
    tagUuid: chosenTag ?? routeTag?.uuid,
    unknownTag: initialTag !== undefined && tagsLoaded && routeTag === undefined,
    // On a tag's route, nothing is listed before the tag is known (never the whole list).
    ready: initialTag === undefined || chosenTag !== undefined || routeTag !== undefined,
  };
}

/** What the list panel reads of an infinite query. */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The tab panel of a list: the unknown-tag alert, loading skeletons, the load error with a retry,
 * the empty state, the items, and "load more" with its own error.
 */
export function ListPanel({
  labelledBy,
  list,
  unknownTag,
  isEmpty,
  empty,
  texts,
  children,
}: {
  labelledBy: string;
  list: PagedQuery;
  unknownTag: boolean;
  isEmpty: boolean;
  empty: ReactNode;
  texts: { loading: string; loadError: string; loadMore: string };
  children: ReactNode;
}) {
  const { t } = useTranslation(["web", "common"]);
  return (
    <div role="tabpanel" aria-labelledby={labelledBy} aria-busy={list.isPending}>
      {unknownTag ? (
        <p role="alert" className="text-sm text-danger">
          {t("web:tags.notFound")}
        </p>
      ) : list.isPending ? (
        <div className="flex flex-col gap-2">
          <span role="status" className="sr-only">
            {texts.loading}
          </span>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4 text-sm text-danger"
        >
          {texts.loadError}
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : isEmpty ? (
        empty
      ) : (
        children
      )}
      {list.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {texts.loadMore}
          </Button>
        </div>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="mt-2 text-center text-sm text-danger">
          {texts.loadError}
        </p>
      ) : null}
    </div>
  );
}
