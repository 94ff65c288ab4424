import { type EnvelopeListFilter } from "@paraphe/api-sdk/contract";
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { cursorPagesQueryOptions, scopeRequest, type ListScope } from "../../../lib/cursor-pages";
import { contactKeys, workspaceKeys } from "../../../domain/query-keys";
import { envelopeKeys } from "./keys";

/** Envelopes per page of the list. */
export const ENVELOPE_PAGE_SIZE = 25;

/** POST /envelope/list, page after page (keyset: each answer gives the next cursor). */
export function envelopeListQueryOptions(api: WebApi, scope: ListScope<EnvelopeListFilter>) {
  const { filter, workspaceUuid, tagUuid } = scope;
  return cursorPagesQueryOptions(
    envelopeKeys.list(filter, workspaceUuid, tagUuid),
    (page, signal) =>
      api.envelope.list(
        { filter, limit: ENVELOPE_PAGE_SIZE, ...scopeRequest(scope), ...page },
        { signal },
      ),
  );
}

export function useEnvelopeList(scope: ListScope<EnvelopeListFilter>, enabled = true) {
  return useInfiniteQuery({ ...envelopeListQueryOptions(useApi(), scope), enabled });
}

/** POST /envelope/get: the whole envelope (documents, recipients, fields, options). */
export function envelopeQueryOptions(api: WebApi, envelopeUuid: string) {
  return queryOptions({
    queryKey: envelopeKeys.detail(envelopeUuid),
    queryFn: ({ signal }) => api.envelope.get({ envelopeUuid }, { signal }),
  });
}

export function useEnvelope(envelopeUuid: string) {
  return useQuery(envelopeQueryOptions(useApi(), envelopeUuid));
}

/** POST /envelope/activity: the events and whether their hash chain checks out. */
export function envelopeActivityQueryOptions(api: WebApi, envelopeUuid: string) {
  return queryOptions({
    queryKey: envelopeKeys.activity(envelopeUuid),
    queryFn: ({ signal }) => api.envelope.activity({ envelopeUuid }, { signal }),
  });
}

export function useEnvelopeActivity(envelopeUuid: string) {
  const api = useApi();
  return useQuery(envelopeActivityQueryOptions(api, envelopeUuid));
}

/** POST /workspace/list: the workspaces the member belongs to. */
export function workspacesQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: workspaceKeys.list(),
    queryFn: ({ signal }) => api.workspace.list({}, { signal }),
    select: (data) => data.workspaces,
    staleTime: 5 * 60_000,
  });
}

export function useWorkspaces() {
  const api = useApi();
  return useQuery(workspacesQueryOptions(api));
}

/** POST /contact/lookup: is this email already one of the workspace's contacts? */
export function contactLookupQueryOptions(api: WebApi, workspaceUuid: string, email: string) {
  return queryOptions({
    queryKey: contactKeys.lookup(workspaceUuid, email),
    queryFn: ({ signal }) => api.contact.lookup({ workspaceUuid, email }, { signal }),
    select: (data) => data.contact,
    staleTime: 60_000,
  });
}

/** Contacts suggested as the recipient's email is typed. */
export const CONTACT_SUGGESTIONS_LIMIT = 8;

/** POST /contact/list with a search: the workspace's contacts matching what is typed. */
export function contactSuggestionsQueryOptions(api: WebApi, workspaceUuid: string, text: string) {
  return queryOptions({
    queryKey: contactKeys.suggestions(workspaceUuid, text),
    queryFn: ({ signal }) =>
      api.contact.list(
        { workspaceUuid, search: text, pageSize: CONTACT_SUGGESTIONS_LIMIT },
        { signal },
      ),
    select: (data) => data.contacts,
    staleTime: 60_000,
  });
}

/** The suggestions for `text` (null: nothing to suggest, e.g. the role may not read contacts). */
export function useContactSuggestions(workspaceUuid: string, text: string | null) {
  const api = useApi();
  return useQuery({
    ...contactSuggestionsQueryOptions(api, workspaceUuid, text ?? ""),
    enabled: text !== null,
    placeholderData: keepPreviousData,
  });
}

export function useContactLookup(workspaceUuid: string, email: string | null) {
  const api = useApi();
  return useQuery({
    ...contactLookupQueryOptions(api, workspaceUuid, email ?? ""),
    enabled: email !== null,
  });
}

/** POST /envelope/list-envelope-attachments: the files the signers who signed attached. */
export function envelopeAttachmentsQueryOptions(api: WebApi, envelopeUuid: string) {
  return queryOptions({
    queryKey: envelopeKeys.attachments(envelopeUuid),
    queryFn: ({ signal }) => api.envelope.listEnvelopeAttachments({ envelopeUuid }, { signal }),
  });
}

export function useEnvelopeAttachments(envelopeUuid: string) {
  return useQuery(envelopeAttachmentsQueryOptions(useApi(), envelopeUuid));
}
