import {
  CONTACT_PAGE_SIZE_MAX,
  type Contact,
  type CreateContactRequest,
  type ImportContactsRequest,
  type UpdateContactRequest,
} from "@paraphe/api-sdk/contract";
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { workspaceKeys } from "../../../domain/query-keys";
import { contactKeys } from "./keys";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";

/**
 * POST /contact/list: the first page (the largest the api gives) of the contacts matching
 * `search`, of one workspace or of all the member's; the table sorts and pages it.
 */
export function contactListQueryOptions(
  api: WebApi,
  workspaceUuid: string | undefined,
  search: string,
) {
  return queryOptions({
    queryKey: contactKeys.list(workspaceUuid, search),
    queryFn: ({ signal }) =>
      api.contact.list(
        {
          ...(workspaceUuid === undefined ? {} : { workspaceUuid }),
          ...(search === "" ? {} : { search }),
          pageSize: CONTACT_PAGE_SIZE_MAX,
        },
        { signal },
      ),
  });
}

export function useContactList(workspaceUuid: string | undefined, search: string) {
  const api = useApi();
  return useQuery({
    ...contactListQueryOptions(api, workspaceUuid, search),
    placeholderData: keepPreviousData,
  });
}

/** POST /contact/get: the contact of the edit page. */
export function contactQueryOptions(api: WebApi, workspaceUuid: string, email: string) {
  return queryOptions({
    queryKey: contactKeys.detail(workspaceUuid, email),
    queryFn: ({ signal }) => api.contact.get({ workspaceUuid, email }, { signal }),
    retry: false,
  });
}

export function useContact(workspaceUuid: string, email: string) {
  const api = useApi();
  return useQuery(contactQueryOptions(api, workspaceUuid, email));
}

/**
 * The lists and the editor's lookups change with every write (`["contacts"]` holds both); the
 * changed contact's page gets the answer.
 */
function useContactWritten() {
  const queryClient = useQueryClient();
  return (contact?: Contact) => {
    if (contact) {
      queryClient.setQueryData(contactKeys.detail(contact.workspaceUuid, contact.email), contact);
    }
    return queryClient.invalidateQueries({ queryKey: contactKeys.all });
  };
}

export function useCreateContact() {
  const api = useApi();
  const written = useContactWritten();
  return useMutation({
    mutationFn: (input: CreateContactRequest) => api.contact.create(input),
    onSuccess: (contact) => written(contact),
  });
}

export function useUpdateContact() {
  const api = useApi();
  const written = useContactWritten();
  return useMutation({
    mutationFn: (input: UpdateContactRequest) => api.contact.update(input),
    onSuccess: (contact) => written(contact),
  });
}

export function useDeleteContact() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: Contact) => api.contact.delete({ contactUuid: contact.uuid }),
    onSuccess: (_answer, contact) => {
      queryClient.removeQueries({
        queryKey: contactKeys.detail(contact.workspaceUuid, contact.email),
      });
      return queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}

export function useImportContacts() {
  const api = useApi();
  const written = useContactWritten();
  return useMutation({
    mutationFn: (input: ImportContactsRequest) => api.contact.import(input),
    onSuccess: () => written(),
  });
}

/** POST /workspace/list: the workspaces the member belongs to (to choose where contacts go). */
export function useContactWorkspaces() {
  const api = useApi();
  return useQuery({
    queryKey: workspaceKeys.list(),
    queryFn: ({ signal }) => api.workspace.list({}, { signal }),
    select: (data) => data.workspaces,
  });
}
