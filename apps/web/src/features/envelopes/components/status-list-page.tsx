import { type ReactNode, useId, useState } from "react";
import { useTags } from "../../../domain/tags";
import { useWorkspaces } from "../api/envelope-queries";
import {
  ListFilters,
  ListPanel,
  ListViewToggle,
  readListView,
  resolveListTag,
  StatusTabs,
  writeListView,
  type ListView,
} from "./list-controls";

/**
 * The state of a list page (envelopes, templates): its status tab, workspace and tag (the route's
 * until one is chosen), and its view (table or kanban, remembered under `storageKey`).
 */
export function useStatusListPage<Filter extends string>({
  initialFilter,
  initialWorkspaceUuid,
  initialTag,
  storageKey,
}: {
  initialFilter: Filter;
  initialWorkspaceUuid: string | undefined;
  initialTag: string | undefined;
  storageKey: string;
}) {
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const [workspaceUuid, setWorkspaceUuid] = useState<string | undefined>(initialWorkspaceUuid);
  const [view, setView] = useState<ListView>(() => readListView(storageKey));
  const workspaces = useWorkspaces();
  const tags = useTags();
  const [chosenTag, setChosenTag] = useState<string | undefined>(undefined);
  const { tagUuid, unknownTag, ready } = resolveListTag(
    initialTag,
    chosenTag,
    tags.data,
    tags.isSuccess,
  );
  const tabsId = useId();
  const chooseView = (next: ListView) => {
    setView(next);
    writeListView(storageKey, next);
  };
  return {
    filter,
    setFilter,
    workspaceUuid,
    setWorkspaceUuid,
    view,
    chooseView,
    workspaces: workspaces.data ?? [],
    tags: tags.data ?? [],
    tagUuid,
    setChosenTag,
    unknownTag,
    ready,
    tabsId,
  };
}

export type StatusListPageState<Filter extends string> = ReturnType<
  typeof useStatusListPage<Filter>
>;

/**
 * The frame of a list page: its heading (for screen readers), the status tabs, the workspace and
 * tag selects, the view toggle and the page's own `actions`, then the tab panel with the items
 * (`children`, in the chosen view) and whatever the page opens (`dialogs`).
 */
export function StatusListPage<Filter extends string>({
  page,
  title,
  tabs,
  actions,
  list,
  isEmpty,
  empty,
  texts,
  children,
  dialogs,
}: {
  page: StatusListPageState<Filter>;
  title: string;
  tabs: { values: readonly Filter[]; label: string; labelOf: (value: Filter) => string };
  actions: ReactNode;
  list: Parameters<typeof ListPanel>[0]["list"];
  isEmpty: boolean;
  empty: ReactNode;
  texts: { loading: string; loadError: string; loadMore: string };
  children: ReactNode;
  dialogs: ReactNode;
}) {
  const { tabsId } = page;
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${tabsId}-heading`}>
      <h2 id={`${tabsId}-heading`} className="sr-only">
        {title}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusTabs
          values={tabs.values}
          value={page.filter}
          onChange={page.setFilter}
          label={tabs.label}
          labelOf={tabs.labelOf}
          idPrefix={tabsId}
        />
        <div className="flex flex-wrap items-center gap-2">
          <ListFilters
            workspaceUuid={page.workspaceUuid}
            onWorkspaceChange={page.setWorkspaceUuid}
            workspaces={page.workspaces}
            tagUuid={page.tagUuid}
            onTagChange={page.setChosenTag}
            tags={page.tags}
          />
          <ListViewToggle view={page.view} onChange={page.chooseView} />
          {actions}
        </div>
      </div>

      <ListPanel
        labelledBy={`${tabsId}-${page.filter}`}
        list={list}
        unknownTag={page.unknownTag}
        isEmpty={isEmpty}
        empty={empty}
        texts={texts}
      >
        {children}
      </ListPanel>

      {dialogs}
    </section>
  );
}
