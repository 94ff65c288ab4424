import {
  type ListMailTextsResponse,
  type MailText,
  type PreviewMailTextRequest,
  type ResetMailTextRequest,
  type SaveMailTextRequest,
} from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { mailTextKeys } from "./keys";

type Api = ReturnType<typeof useApi>;

/** POST /mail-text/list: each editable mail in each language, the team's text or Paraphe's. */
export function mailTextsQueryOptions(api: Api) {
  return queryOptions({
    queryKey: mailTextKeys.list(),
    queryFn: ({ signal }) => api.mailText.list({}, { signal }),
  });
}

export function useMailTexts() {
  return useQuery(mailTextsQueryOptions(useApi()));
}

/** Save and reset answer the one text they changed: it replaces its entry in the list. */
function useMailTextMutation<Input>(call: (api: Api, input: Input) => Promise<{ text: MailText }>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: ({ text }) =>
      queryClient.setQueryData<ListMailTextsResponse>(mailTextKeys.list(), (list) =>
        list === undefined
          ? list
          : {
              texts: list.texts.map((entry) =>
                entry.kind === text.kind && entry.language === text.language ? text : entry,
              ),
            },
      ),
  });
}

/** POST /mail-text/save. */
export function useSaveMailText() {
  return useMailTextMutation((api, input: SaveMailTextRequest) => api.mailText.save(input));
}

/** POST /mail-text/reset. */
export function useResetMailText() {
  return useMailTextMutation((api, input: ResetMailTextRequest) => api.mailText.reset(input));
}

/** POST /mail-text/preview: nothing cached, nothing saved. */
export function usePreviewMailText() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: PreviewMailTextRequest) => api.mailText.preview(input),
  });
}
