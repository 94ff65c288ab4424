import {
  type BulkSendRequest,
  type CreateEnvelopeFromTemplateRequest,
  type CreateTemplateFromEnvelopeRequest,
  type CreateTemplateRequest,
  type SaveTemplateFieldsRequest,
  type SaveTemplateRolesRequest,
  type SetTemplateTagsRequest,
  type TemplateDetail,
  type UpdateTemplateRequest,
} from "@paraphe/api-sdk/contract";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { tagKeys } from "../../../domain/query-keys";
import { envelopeKeys, templateKeys } from "./keys";
import type { UploadProgressOptions } from "./envelope-mutations";

/** Keeps an answered template as its detail, and refreshes the lists (status, title, tags). */
function storeTemplate(queryClient: QueryClient, template: TemplateDetail) {
  queryClient.setQueryData(templateKeys.detail(template.uuid), template);
  void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
}

/** A mutation of one template that answers it: stored, lists refreshed. */
function useTemplateMutation<Request>(call: (request: Request) => Promise<TemplateDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (template) => storeTemplate(queryClient, template),
  });
}

/** POST /template/create: a new template from uploaded PDFs (status incomplete). */
export function useCreateTemplate(progress: UploadProgressOptions = {}) {
  const api = useApi();
  return useTemplateMutation((request: CreateTemplateRequest) =>
    api.template.create(request, progress),
  );
}

/** POST /template/update: title, default message and options. */
export function useUpdateTemplate() {
  const api = useApi();
  return useTemplateMutation((request: UpdateTemplateRequest) => api.template.update(request));
}

/** POST /template/save-recipients: the roles, in signing order. */
export function useSaveTemplateRoles() {
  const api = useApi();
  return useTemplateMutation((request: SaveTemplateRolesRequest) =>
    api.template.saveRecipients(request),
  );
}

/** POST /template/save-fields: the whole set of fields, per role. */
export function useSaveTemplateFields() {
  const api = useApi();
  return useTemplateMutation((request: SaveTemplateFieldsRequest) =>
    api.template.saveFields(request),
  );
}

/** POST /template/activate, /template/archive, /template/unarchive. */
export function useTemplateStatusChange() {
  const api = useApi();
  return useTemplateMutation(
    ({ templateUuid, to }: { templateUuid: string; to: "activate" | "archive" | "unarchive" }) =>
      api.template[to]({ templateUuid }),
  );
}

/** POST /template/set-tags: the lists show the tags, and the tag counts change. */
export function useSetTemplateTags() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetTemplateTagsRequest) => api.template.setTags(request),
    onSuccess: (template) => {
      storeTemplate(queryClient, template);
      void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}

/** POST /template/delete: it leaves the lists. */
export function useDeleteTemplate() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateUuid: string) => api.template.delete({ templateUuid }),
    onSuccess: (_answer, templateUuid) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(templateUuid) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}

/** POST /template/create-from-envelope: an envelope saved as a new template. */
export function useCreateTemplateFromEnvelope() {
  const api = useApi();
  return useTemplateMutation((request: CreateTemplateFromEnvelopeRequest) =>
    api.template.createFromEnvelope(request),
  );
}

/** POST /template/create-envelope: an independent envelope from an active template. */
export function useCreateEnvelopeFromTemplate() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateEnvelopeFromTemplateRequest) =>
      api.template.createEnvelope(request),
    onSuccess: (envelope) => {
      queryClient.setQueryData(envelopeKeys.detail(envelope.uuid), envelope);
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.dashboard() });
    },
  });
}

/** POST /template/bulk-send: the job starts; the template's bulk sends are listed again. */
export function useBulkSend() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkSendRequest) => api.template.bulkSend(request),
    onSuccess: (bulkSend) => {
      void queryClient.invalidateQueries({
        queryKey: templateKeys.bulkSends(bulkSend.templateUuid),
      });
      void queryClient.invalidateQueries({ queryKey: envelopeKeys.lists() });
    },
  });
}
