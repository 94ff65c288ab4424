import { type Tag } from "@paraphe/api-sdk/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { envelopeKeys } from "../../../domain/query-keys";
import { tagKeys } from "./keys";
import type { NameColorValues } from "../../../domain/name-color-form";
import { type NameColorEditing } from "../../../domain/name-color-settings";
import { useApi } from "../../../lib/api/api-context";

/** Create or rename a tag: the tag list changes, and envelopes show the new name. */
export function useSaveTag() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      values,
      editing,
    }: {
      values: NameColorValues;
      editing: NameColorEditing<Tag>;
    }) =>
      editing.kind === "create"
        ? api.tag.create(values)
        : api.tag.update({ ...values, tagUuid: editing.record.uuid }),
    onSuccess: async (_answer, { editing }) => {
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      if (editing.kind === "update")
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
