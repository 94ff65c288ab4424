import {
  type CancelEnvelopeRequest,
  type RetrySealRequest,
  type ResendInvitationRequest,
  type EnvelopeDetail,
  type SaveFieldsRequest,
  type SaveRecipientsRequest,
  type SetEnvelopeTagsRequest,
  type UpdateEnvelopeRequest,
  type UploadEnvelopeRequest,
} from "@paraphe/api-sdk/contract";
import { type UploadProgress } from "@paraphe/api-sdk";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { saveBinaryFile } from "../../../lib/download";
import { tagKeys } from "../../../domain/query-keys";
import { envelopeKeys } from "./keys";
import { signingRequestKeys } from "../../../domain/signing-requests";

/** How an upload tells its progress (bytes of the encrypted request sent). */
export interface UploadProgressOptions {
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** Every call answers the whole envelope: it replaces the cached one. */
function storeDetail(queryClient: QueryClient, envelope: EnvelopeDetail) {
  queryClient.setQueryData(envelopeKeys.detail(envelope.uuid), envelope);
}

/**
 * POST /envelope/upload: a new draft; the lists and the dashboard counts change. `onUploadProgress`
 * is told as the encrypted files go out.
 */
export function useUploadEnvelope(progress: UploadProgressOptions = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UploadEnvelopeRequest) => api.envelope.upload(request, progress),
    onSuccess: (envelope) => {
      storeDetail(queryClient, envelope);
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.dashboard() });
    },
  });
}

/** POST /envelope/update (title, options): the title shows in the lists too. */
export function useUpdateEnvelope() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateEnvelopeRequest) => api.envelope.update(request),
    onSuccess: (envelope, request) => {
      storeDetail(queryClient, envelope);
      if (request.title !== undefined) {
        void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
      }
    },
  });
}

/** POST /envelope/save-recipients: the signer count of the lists changes. */
export function useSaveRecipients() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveRecipientsRequest) => api.envelope.saveRecipients(request),
    onSuccess: (envelope) => {
      storeDetail(queryClient, envelope);
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
    },
  });
}

/** POST /envelope/save-fields: only the envelope itself changes. */
export function useSaveFields() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveFieldsRequest) => api.envelope.saveFields(request),
    onSuccess: (envelope) => storeDetail(queryClient, envelope),
  });
}

/** Status changes: the lists, the dashboard, the activity log and members' requests change. */
function invalidateStatus(queryClient: QueryClient, envelopeUuid: string) {
  void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: envelopeKeys.dashboard() });
  void queryClient.invalidateQueries({ queryKey: envelopeKeys.activity(envelopeUuid) });
  void queryClient.invalidateQueries({ queryKey: signingRequestKeys.all });
}

/** POST /envelope/send. */
export function useSendEnvelope() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (envelopeUuid: string) => api.envelope.send({ envelopeUuid }),
    onSuccess: (envelope) => {
      storeDetail(queryClient, envelope);
      invalidateStatus(queryClient, envelope.uuid);
    },
  });
}

/** POST /envelope/cancel with the reason (recipients are mailed by the api). */
export function useCancelEnvelope() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CancelEnvelopeRequest) => api.envelope.cancel(request),
    onSuccess: (envelope) => {
      storeDetail(queryClient, envelope);
      invalidateStatus(queryClient, envelope.uuid);
    },
  });
}

/** POST /envelope/retry-seal: the seal job runs again; the envelope's status follows when it ends. */
export function useRetrySeal() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RetrySealRequest) => api.envelope.retrySeal(request),
    onSuccess: (envelope) => {
      storeDetail(queryClient, envelope);
      invalidateStatus(queryClient, envelope.uuid);
    },
  });
}

/** POST /envelope/resend-invitation: a new link is mailed, the recipient's previous one stops working. */
export function useResendInvitation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ResendInvitationRequest) => api.envelope.resendInvitation(request),
    // Only the link changed: no status, list or activity entry moves.
    onSuccess: (envelope) => storeDetail(queryClient, envelope),
  });
}

/** POST /envelope/delete of a draft: it leaves the lists and the dashboard counts. */
export function useDeleteDraft() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (envelopeUuid: string) => api.envelope.delete({ envelopeUuid }),
    onSuccess: (_answer, envelopeUuid) => {
      queryClient.removeQueries({ queryKey: envelopeKeys.detail(envelopeUuid) });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.dashboard() });
    },
  });
}

/** POST /envelope/move to another workspace: the lists by workspace change. */
export function useMoveEnvelope() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { envelopeUuid: string; workspaceUuid: string }) =>
      api.envelope.move(request),
    onSuccess: (envelope) => {
      storeDetail(queryClient, envelope);
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
    },
  });
}

/** POST /envelope/download, saved through a Blob URL. */
export function useDownloadEnvelope() {
  const api = useApi();
  return useMutation({
    mutationFn: (request: { envelopeUuid: string; kind: "original" | "sealed" | "proof" }) =>
      api.envelope.download(request),
    onSuccess: saveBinaryFile,
  });
}

/** POST /envelope/download-attachment: a file a signer attached, saved through a Blob URL. */
export function useDownloadAttachment() {
  const api = useApi();
  return useMutation({
    mutationFn: (request: { envelopeUuid: string; attachmentUuid: string }) =>
      api.envelope.downloadAttachment(request),
    onSuccess: saveBinaryFile,
  });
}

/** POST /envelope/set-tags: the lists show the tags, and the tag counts change. */
export function useSetEnvelopeTags() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetEnvelopeTagsRequest) => api.envelope.setTags(request),
    onSuccess: (envelope) => {
      storeDetail(queryClient, envelope);
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}
