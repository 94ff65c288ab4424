import { type CreateTagRequest, type UpdateTagRequest } from "@paraphe/api-sdk/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { envelopeKeys, tagKeys } from "../../../domain/envelope-keys";
import { useApi } from "../../../lib/api/api-context";

/** Create or rename a tag: the tag list changes, and envelopes show the new name. */
export function useSaveTag() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        { kind: "create"; values: CreateTagRequest } | { kind: "update"; values: UpdateTagRequest },
    ) => (input.kind === "create" ? api.tag.create(input.values) : api.tag.update(input.values)),
    onSuccess: async (_answer, input) => {
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      if (input.kind === "update")
        await queryClient.invalidateQueries({ queryKey: envelopeKeys.all });
    },
  });
}

/** Delete a tag: it comes off every envelope. */
export function useDeleteTag() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagUuid: string) => api.tag.delete({ tagUuid }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      await queryClient.invalidateQueries({ queryKey: envelopeKeys.all });
    },
  });
}
