import { type EnvelopeListFilter, type ListMembersRequest } from "@paraphe/api-sdk/contract";

/**
 * The query keys that cross features, in TanStack Query's key-factory pattern (each key extends
 * the one above it, so that invalidating `all` or `lists()` reaches every key under it). A feature
 * imports its own keys from its `api/keys.ts`; a feature that reads or invalidates another
 * feature's data imports that feature's keys from here, as features do not import each other. Keys
 * no other feature needs stay in their feature's `api/keys.ts`.
 */

/**
 * Envelopes: the envelope screens read them; the dashboard reads the dashboard's counts; changing
 * a workspace or a tag invalidates them all.
 */
export const envelopeKeys = {
  all: ["envelopes"] as const,
  lists: () => [...envelopeKeys.all, "list"] as const,
  list: (filter: EnvelopeListFilter, workspaceUuid: string | undefined, tagUuid?: string) =>
    [
      ...envelopeKeys.lists(),
      { filter, workspaceUuid: workspaceUuid ?? null, tagUuid: tagUuid ?? null },
    ] as const,
  detail: (envelopeUuid: string) => [...envelopeKeys.all, "detail", envelopeUuid] as const,
  activity: (envelopeUuid: string) => [...envelopeKeys.all, "activity", envelopeUuid] as const,
  attachments: (envelopeUuid: string) =>
    [...envelopeKeys.all, "attachments", envelopeUuid] as const,
  pagePreview: (envelopeUuid: string, documentUuid: string, page: number) =>
    [...envelopeKeys.all, "page-preview", envelopeUuid, documentUuid, page] as const,
  dashboard: () => [...envelopeKeys.all, "dashboard"] as const,
};

/** Workspaces: the workspace settings, and the workspace pickers of envelopes, contacts, webhooks. */
export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: () => [...workspaceKeys.all, "list"] as const,
  members: (workspaceUuid: string) => [...workspaceKeys.all, "members", workspaceUuid] as const,
};

/** The team's tags: the settings page and the envelope screens read the same list. */
export const tagKeys = {
  all: ["tags"] as const,
  list: () => [...tagKeys.all, "list"] as const,
};

/**
 * Contacts: the contacts pages (list, detail), and the recipient form of the envelope screens
 * (lookup of an address, suggestions as one types).
 */
export const contactKeys = {
  all: ["contacts"] as const,
  list: (workspaceUuid: string | undefined, search: string) =>
    [...contactKeys.all, "list", workspaceUuid ?? "all", search] as const,
  detail: (workspaceUuid: string, email: string) =>
    [...contactKeys.all, "detail", workspaceUuid, email] as const,
  lookup: (workspaceUuid: string, email: string) =>
    [...contactKeys.all, "lookup", workspaceUuid, email] as const,
  suggestions: (workspaceUuid: string, text: string) =>
    [...contactKeys.all, "suggestions", workspaceUuid, text] as const,
};

/** The team's single sign-on configuration: the settings page and the dashboard read it. */
export const ssoKeys = {
  all: ["sso"] as const,
  configuration: () => [...ssoKeys.all, "configuration"] as const,
  domains: () => [...ssoKeys.all, "domains"] as const,
};

/** The team's members and invitations: the members pages, and the dashboard's member count. */
export const memberKeys = {
  all: ["members"] as const,
  lists: () => [...memberKeys.all, "list"] as const,
  list: (input: ListMembersRequest) => [...memberKeys.lists(), input] as const,
  invitations: () => [...memberKeys.all, "invitations"] as const,
  invite: (token: string) => [...memberKeys.all, "invite", token] as const,
};

/** The team's roles: the roles page, and the dashboard's role count (the same query). */
export const roleKeys = {
  all: ["roles"] as const,
  list: () => [...roleKeys.all, "list"] as const,
};
