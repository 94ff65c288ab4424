import { type EnvelopeListFilter } from "@paraphe/api-sdk/contract";

/**
 * Query keys of envelope data. The envelope screens, the dashboard and the inbox read different
 * calls about the same envelopes, and a mutation must reach each of them, so the factory is shared.
 */
export const envelopeKeys = {
  all: ["envelopes"] as const,
  lists: () => ["envelopes", "list"] as const,
  list: (filter: EnvelopeListFilter, workspaceUuid: string | undefined, tagUuid?: string) =>
    [
      "envelopes",
      "list",
      { filter, workspaceUuid: workspaceUuid ?? null, tagUuid: tagUuid ?? null },
    ] as const,
  detail: (envelopeUuid: string) => ["envelopes", "detail", envelopeUuid] as const,
  activity: (envelopeUuid: string) => ["envelopes", "activity", envelopeUuid] as const,
  pagePreview: (envelopeUuid: string, documentUuid: string, page: number) =>
    ["envelopes", "page-preview", envelopeUuid, documentUuid, page] as const,
  dashboard: () => ["envelopes", "dashboard"] as const,
};

/** Query keys of templates (envelopes of kind template: their own lists, details and previews). */
export const templateKeys = {
  all: ["templates"] as const,
  lists: () => ["templates", "list"] as const,
  list: (status: string, workspaceUuid: string | undefined, tagUuid?: string) =>
    [
      "templates",
      "list",
      { status, workspaceUuid: workspaceUuid ?? null, tagUuid: tagUuid ?? null },
    ] as const,
  detail: (templateUuid: string) => ["templates", "detail", templateUuid] as const,
  pagePreview: (templateUuid: string, documentUuid: string, page: number) =>
    ["templates", "page-preview", templateUuid, documentUuid, page] as const,
  bulkSends: (templateUuid: string) => ["templates", "bulk-sends", templateUuid] as const,
  bulkSend: (bulkSendUuid: string) => ["templates", "bulk-send", bulkSendUuid] as const,
};

export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: () => ["workspaces", "list"] as const,
  members: (workspaceUuid: string) => ["workspaces", "members", workspaceUuid] as const,
};

/** The team's tags: the settings page and the envelope screens read the same list. */
export const tagKeys = {
  all: ["tags"] as const,
  list: () => ["tags", "list"] as const,
};

export const contactKeys = {
  lookup: (workspaceUuid: string, email: string) =>
    ["contacts", "lookup", workspaceUuid, email] as const,
  suggestions: (workspaceUuid: string, text: string) =>
    ["contacts", "suggestions", workspaceUuid, text] as const,
};

/** The team's single sign-on configuration: the settings page and the dashboard read it. */
export const ssoKeys = {
  all: ["sso"] as const,
  configuration: () => ["sso", "configuration"] as const,
  domains: () => ["sso", "domains"] as const,
};
