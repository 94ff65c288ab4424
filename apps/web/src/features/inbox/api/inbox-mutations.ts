import { type SigningRequest } from "@paraphe/api-sdk/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { envelopeKeys } from "../../../domain/query-keys";
import { signingRequestKeys } from "../../../domain/signing-requests";

export interface DeclineRequestInput {
  request: SigningRequest;
  reason: string;
}

/**
 * Declines a request from the inbox with the member's own access link (the one the request list
 * gives them): POST /envelope/decline for a signer, POST /envelope/reject for an approver, the calls
 * and rules of the signing page. The request is shown declined at once; the requests, and the
 * envelope's screens (the member may also be its sender), are read again.
 */
export function useDeclineRequest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, reason }: DeclineRequestInput) => {
      const link = {
        envelopeUuid: request.envelopeUuid,
        token: request.recipientLink.token,
        secretKey: request.recipientLink.secretKey,
        reason,
      };
      return request.recipientKind === "approver"
        ? api.envelope.reject(link)
        : api.envelope.decline(link);
    },
    onSuccess: (answer, { request }) => {
      queryClient.setQueryData<{ requests: SigningRequest[] }>(signingRequestKeys.list(), (data) =>
        data === undefined
          ? data
          : {
              ...data,
              requests: data.requests.map((item) =>
                item.envelopeUuid === request.envelopeUuid
                  ? {
                      ...item,
                      recipientStatus: answer.recipientStatus,
                      envelopeStatus: answer.envelopeStatus,
                    }
                  : item,
              ),
            },
      );
      void queryClient.invalidateQueries({ queryKey: signingRequestKeys.all });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.detail(request.envelopeUuid) });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.activity(request.envelopeUuid) });
    },
  });
}
