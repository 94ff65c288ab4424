import {
  type BrandingResponse,
  type SaveBrandingRequest,
  type UploadBrandLogoRequest,
} from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { brandingKeys } from "./keys";

type Api = ReturnType<typeof useApi>;

/** POST /branding/get: the team's branding (the defaults when it has none). */
export function brandingQueryOptions(api: Api) {
  return queryOptions({
    queryKey: brandingKeys.detail(),
    queryFn: ({ signal }) => api.branding.get({}, { signal }),
  });
}

export function useBranding() {
  return useQuery(brandingQueryOptions(useApi()));
}

/** Every branding call answers the whole branding: it replaces the cached one. */
function useBrandingMutation<Input>(call: (api: Api, input: Input) => Promise<BrandingResponse>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: (answer) => queryClient.setQueryData(brandingKeys.detail(), answer),
  });
}

/** POST /branding/save. */
export function useSaveBranding() {
  return useBrandingMutation((api, input: SaveBrandingRequest) => api.branding.save(input));
}

/** POST /branding/upload-logo. */
export function useUploadBrandLogo() {
  return useBrandingMutation((api, input: UploadBrandLogoRequest) =>
    api.branding.uploadLogo(input),
  );
}

/** POST /branding/remove-logo. */
export function useRemoveBrandLogo() {
  return useBrandingMutation((api, _input: void) => api.branding.removeLogo({}));
}
