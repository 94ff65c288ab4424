import {
  type DataExportResponse,
  type DeleteAccountRequest,
  type DeleteTeamRequest,
  type DownloadDataExportRequest,
} from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { saveBinaryFile } from "../../../lib/download";
import { useInvalidateProfile } from "../../../app/session/use-cached-profile";
import { erasureKeys } from "./keys";

type Api = ReturnType<typeof useApi>;

/** POST /team/list-members with one row: the team's member count (`total`). */
export function memberCountQueryOptions(api: Api) {
  return queryOptions({
    queryKey: erasureKeys.memberCount(),
    queryFn: ({ signal }) => api.team.listMembers({ limit: 1 }, { signal }),
    select: (answer) => answer.total,
  });
}

export function useMemberCount() {
  return useQuery(memberCountQueryOptions(useApi()));
}

/** How often a pending export is asked about again. */
export const DATA_EXPORT_POLL_MS = 3000;

/** POST /user/data-export: the latest export; asked again every few seconds while it is pending. */
export function dataExportQueryOptions(api: Api) {
  return queryOptions({
    queryKey: erasureKeys.dataExport(),
    queryFn: ({ signal }) => api.user.dataExport({}, { signal }),
    refetchInterval: (query) =>
      query.state.data?.export?.status === "pending" ? DATA_EXPORT_POLL_MS : false,
  });
}

export function useDataExport() {
  return useQuery(dataExportQueryOptions(useApi()));
}

/** POST /user/request-data-export: the answer (the pending export) replaces the cached one. */
export function useRequestDataExport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.user.requestDataExport({}),
    onSuccess: (answer) =>
      queryClient.setQueryData<DataExportResponse>(erasureKeys.dataExport(), answer),
  });
}

/** POST /user/download-data-export: the JSON file or one PDF, saved by the browser. */
export function useDownloadDataExport() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: DownloadDataExportRequest) => api.user.downloadDataExport(input),
    onSuccess: saveBinaryFile,
  });
}

/** POST /user/delete-account; the caller then signs out (their sessions are gone). */
export function useDeleteAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => api.user.deleteAccount(input),
  });
}

/** POST /team/delete; the profile is reloaded: the caller no longer has a team. */
export function useDeleteTeam() {
  const api = useApi();
  const invalidateProfile = useInvalidateProfile();
  return useMutation({
    mutationFn: (input: DeleteTeamRequest) => api.team.delete(input),
    onSuccess: invalidateProfile,
  });
}
