import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { passkeyKeys } from "./keys";

/** POST /passkey/list: the signed-in person's passkeys. */
export function passkeysQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: passkeyKeys.list(),
    queryFn: ({ signal }) => api.passkey.list({}, { signal }),
    select: (data) => data.passkeys,
  });
}

export function usePasskeys(options: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({ ...passkeysQueryOptions(api), enabled: options.enabled ?? true });
}

/** Registers a passkey: the api's options, the browser's WebAuthn ceremony, then POST /passkey/register. */
export function useRegisterPasskey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { options } = await api.passkey.registrationOptions({});
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return api.passkey.register({ response: response as unknown as Record<string, unknown> });
    },
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}

/** POST /passkey/delete. */
export function useDeletePasskey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.passkey.delete({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}
