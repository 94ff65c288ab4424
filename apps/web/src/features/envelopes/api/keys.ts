/** Query keys of the envelopes feature: envelopes (shared with other features) and templates. */
export { envelopeKeys } from "../../../domain/query-keys";

/** Templates (envelopes of kind template): their own lists, details, previews and bulk sends. */
export const templateKeys = {
  all: ["templates"] as const,
  lists: () => [...templateKeys.all, "list"] as const,
  list: (status: string, workspaceUuid: string | undefined, tagUuid?: string) =>
    [
      ...templateKeys.lists(),
      { status, workspaceUuid: workspaceUuid ?? null, tagUuid: tagUuid ?? null },
    ] as const,
  detail: (templateUuid: string) => [...templateKeys.all, "detail", templateUuid] as const,
  pagePreview: (templateUuid: string, documentUuid: string, page: number) =>
    [...templateKeys.all, "page-preview", templateUuid, documentUuid, page] as const,
  bulkSends: (templateUuid: string) => [...templateKeys.all, "bulk-sends", templateUuid] as const,
  bulkSend: (bulkSendUuid: string) => [...templateKeys.all, "bulk-send", bulkSendUuid] as const,
  directLink: (templateUuid: string) => [...templateKeys.all, "direct-link", templateUuid] as const,
};
