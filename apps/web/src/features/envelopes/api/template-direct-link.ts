import { type GetDirectLinkResponse, type SaveDirectLinkRequest } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { templateKeys } from "./keys";

/** POST /template/direct-link/get: the template's direct link, or null. */
export function directLinkQueryOptions(api: WebApi, templateUuid: string) {
  return queryOptions({
    queryKey: templateKeys.directLink(templateUuid),
    queryFn: () => api.template.getDirectLink({ templateUuid }),
  });
}

export function useDirectLink(templateUuid: string, enabled = true) {
  const api = useApi();
  return useQuery({ ...directLinkQueryOptions(api, templateUuid), enabled });
}

/** Turns the link on, changes it, rotates it or turns it off; keeps the answered link. */
export function useDirectLinkChange(templateUuid: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const store = (answer: GetDirectLinkResponse) =>
    queryClient.setQueryData(templateKeys.directLink(templateUuid), { link: answer.link });
  const save = useMutation({
    mutationFn: (request: Omit<SaveDirectLinkRequest, "templateUuid">) =>
      api.template.saveDirectLink({ templateUuid, ...request }),
    onSuccess: store,
  });
  const rotate = useMutation({
    mutationFn: () => api.template.rotateDirectLink({ templateUuid }),
    onSuccess: store,
  });
  const disable = useMutation({
    mutationFn: () => api.template.disableDirectLink({ templateUuid }),
    onSuccess: store,
  });
  return { save, rotate, disable };
}
