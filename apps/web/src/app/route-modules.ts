import type { ComponentType } from "react";

// Nothing here imports React but its types: the entry (`main.tsx`) reads this module before React
// is there, to ask for the first page's route modules at once. The router (`router.tsx`) is made of
// the same tables.

/**
 * The route modules of the web app, each a chunk of its own, loaded on demand: by the router when
 * a navigation reaches one of their routes, by the entry for the first page (`firstPageModules`).
 */
export const routeModules = {
  appLayout: () => import("../layouts/app-layout/app-layout"),
  acceptTeamInvite: () => import("../routes/accept-team-invite"),
  authOidc: () => import("../routes/auth-oidc"),
  contacts: () => import("../routes/contacts"),
  contactsImport: () => import("../routes/contacts-import"),
  dashboard: () => import("../routes/dashboard"),
  embedEdit: () => import("../routes/embed-edit"),
  envelopeEdit: () => import("../routes/envelope-edit"),
  envelopeLogs: () => import("../routes/envelope-logs"),
  envelopeView: () => import("../routes/envelope-view"),
  envelopes: () => import("../routes/envelopes"),
  envelopesImport: () => import("../routes/envelopes-import"),
  inbox: () => import("../routes/inbox"),
  login: () => import("../routes/login"),
  notFound: () => import("../routes/not-found"),
  onboardingTeam: () => import("../routes/onboarding-team"),
  registerPasskey: () => import("../routes/register-passkey"),
  settings: () => import("../routes/settings"),
  settingsApiKeys: () => import("../routes/settings-api-keys"),
  settingsBranding: () => import("../routes/settings-branding"),
  settingsEmbedding: () => import("../routes/settings-embedding"),
  settingsMailSender: () => import("../routes/settings-mail-sender"),
  settingsMembers: () => import("../routes/settings-members"),
  settingsMembersImport: () => import("../routes/settings-members-import"),
  settingsMessages: () => import("../routes/settings-messages"),
  settingsPasskeys: () => import("../routes/settings-passkeys"),
  settingsProfile: () => import("../routes/settings-profile"),
  settingsRetention: () => import("../routes/settings-retention"),
  settingsRoles: () => import("../routes/settings-roles"),
  settingsSecurity: () => import("../routes/settings-security"),
  settingsSessions: () => import("../routes/settings-sessions"),
  settingsSso: () => import("../routes/settings-sso"),
  settingsSubscription: () => import("../routes/settings-subscription"),
  settingsSupport: () => import("../routes/settings-support"),
  settingsTags: () => import("../routes/settings-tags"),
  settingsUsage: () => import("../routes/settings-usage"),
  settingsWebhooks: () => import("../routes/settings-webhooks"),
  settingsWorkspaces: () => import("../routes/settings-workspaces"),
  supportOperator: () => import("../routes/support-operator"),
  templateBulkSend: () => import("../routes/template-bulk-send"),
  templateCreateEnvelope: () => import("../routes/template-create-envelope"),
  templateEdit: () => import("../routes/template-edit"),
  templates: () => import("../routes/templates"),
} as const;

export type RouteModuleName = keyof typeof routeModules;

/** What a route module gives. */
export type RouteModule<Name extends RouteModuleName> = Awaited<
  ReturnType<(typeof routeModules)[Name]>
>;

/** The names of a route module's exported components. */
type ComponentOf<Name extends RouteModuleName> = {
  [Key in keyof RouteModule<Name>]: RouteModule<Name>[Key] extends ComponentType ? Key : never;
}[keyof RouteModule<Name>] &
  string;

/** The component a page renders unless it names another: the module's name, then "Route". */
type DefaultComponent<Name extends RouteModuleName> = `${Capitalize<Name>}Route`;

/**
 * A route that renders a component of a route module (`component`, which only a module without a
 * component of the default name, `DefaultComponent`, must give): at `path` (from its parent's), or
 * its index.
 */
export type PageEntry = {
  [Name in RouteModuleName]: {
    path?: string;
    index?: true;
    module: Name;
    children?: readonly RouteEntry[];
    /**
     * False for a page that calls the api without TanStack Query (the login page, so that the
     * library is not part of its first load); the router puts every other page under the app's
     * query client (`query-scope.tsx`).
     */
    queries?: false;
  } & (DefaultComponent<Name> extends ComponentOf<Name>
    ? { component?: ComponentOf<Name> }
    : { component: ComponentOf<Name> });
}[RouteModuleName];

/** The name of the component a page renders. */
export function pageComponent(entry: PageEntry): string {
  return entry.component ?? `${entry.module.charAt(0).toUpperCase()}${entry.module.slice(1)}Route`;
}

/** An index route that sends to another page. */
export interface RedirectEntry {
  index: true;
  redirect: string;
}

export type RouteEntry = PageEntry | RedirectEntry;

/** The pages without a session (the identity pages, the embedded editor). */
export const PUBLIC_PAGES: readonly RouteEntry[] = [
  { path: "login", module: "login", queries: false },
  { path: "register-passkey", module: "registerPasskey" },
  { path: "onboarding/team", module: "onboardingTeam" },
  { path: "accept-team-invite", module: "acceptTeamInvite" },
  { path: "auth/oidc", module: "authOidc" },
  { path: "embed/edit/:accessKey", module: "embedEdit" },
];

/** Whether a page of these route modules uses TanStack Query: all but those marked `queries: false`. */
export function usesQueries(modules: readonly RouteModuleName[]): boolean {
  const without = PUBLIC_PAGES.flatMap((entry) =>
    "module" in entry && entry.queries === false ? [entry.module] : [],
  );
  return modules.some((name) => !without.includes(name));
}

/** The members' pages, in the layout with the side navigation (`MEMBER_LAYOUT`). */
export const MEMBER_PAGES: readonly RouteEntry[] = [
  { index: true, module: "dashboard" },
  { path: "inbox", module: "inbox" },
  { path: "inbox/:uuid", module: "inbox", component: "InboxDetailRoute" },
  { path: "envelopes", module: "envelopes" },
  { path: "envelopes/import", module: "envelopesImport" },
  {
    path: "envelopes/import-google-drive",
    module: "envelopesImport",
    component: "EnvelopesImportGoogleDriveRoute",
  },
  { path: "envelopes/:status", module: "envelopes", component: "EnvelopesByStatusRoute" },
  { path: "envelopes/tag/:tag", module: "envelopes", component: "EnvelopesOfTagRoute" },
  {
    path: "envelopes/:workspaceUuid/all",
    module: "envelopes",
    component: "EnvelopesOfWorkspaceRoute",
  },
  {
    path: "envelopes/:workspaceUuid/:envelopeUuid/edit",
    module: "envelopeEdit",
  },
  {
    path: "envelopes/:workspaceUuid/:envelopeUuid/view",
    module: "envelopeView",
  },
  {
    path: "envelopes/:workspaceUuid/:envelopeUuid/logs",
    module: "envelopeLogs",
  },
  { path: "templates", module: "templates" },
  { path: "templates/:status", module: "templates", component: "TemplatesByStatusRoute" },
  { path: "templates/tag/:tag", module: "templates", component: "TemplatesOfTagRoute" },
  {
    path: "templates/:workspaceUuid/all",
    module: "templates",
    component: "TemplatesOfWorkspaceRoute",
  },
  {
    path: "templates/:workspaceUuid/:templateUuid/edit",
    module: "templateEdit",
  },
  {
    path: "templates/:workspaceUuid/:templateUuid/create-envelope",
    module: "templateCreateEnvelope",
  },
  {
    path: "templates/:workspaceUuid/:templateUuid/bulk-send",
    module: "templateBulkSend",
  },
  { path: "contacts", module: "contacts" },
  { path: "contacts/new", module: "contacts", component: "ContactNewRoute" },
  { path: "contacts/import", module: "contactsImport" },
  { path: "contacts/:workspaceUuid", module: "contacts", component: "ContactsOfWorkspaceRoute" },
  {
    path: "contacts/:workspaceUuid/:contactEmail",
    module: "contacts",
    component: "ContactEditRoute",
  },
  {
    path: "settings",
    module: "settings",
    children: [
      { index: true, redirect: "/settings/profile" },
      { path: "profile", module: "settingsProfile" },
      { path: "sessions", module: "settingsSessions" },
      { path: "passkeys", module: "settingsPasskeys" },
      { path: "security", module: "settingsSecurity" },
      { path: "workspaces", module: "settingsWorkspaces" },
      {
        path: "workspaces/:workspaceUuid/members",
        module: "settingsWorkspaces",
        component: "SettingsWorkspaceMembersRoute",
      },
      { path: "tags", module: "settingsTags" },
      { path: "members", module: "settingsMembers" },
      {
        path: "members/pending",
        module: "settingsMembers",
        component: "SettingsPendingInvitationsRoute",
      },
      {
        path: "members/import",
        module: "settingsMembersImport",
      },
      { path: "roles", module: "settingsRoles" },
      { path: "sso", module: "settingsSso" },
      { path: "branding", module: "settingsBranding" },
      { path: "messages", module: "settingsMessages" },
      { path: "mail-sender", module: "settingsMailSender" },
      { path: "embedding", module: "settingsEmbedding" },
      { path: "retention", module: "settingsRetention" },
      { path: "sso-tutorial", module: "settingsSso", component: "SettingsSsoTutorialRoute" },
      { path: "api-keys", module: "settingsApiKeys" },
      { path: "webhooks", module: "settingsWebhooks" },
      {
        path: "subscription",
        module: "settingsSubscription",
      },
      { path: "usage", module: "settingsUsage" },
      { path: "support", module: "settingsSupport" },
    ],
  },
  { path: "support/operator", module: "supportOperator" },
];

/** The layout of the members' pages, behind the session guard. */
export const MEMBER_LAYOUT: PageEntry = { module: "appLayout", component: "AppLayout" };

/** Every other address. */
export const NOT_FOUND_PAGE: PageEntry = { path: "*", module: "notFound" };

/** A page's full path (its segments), the route modules of its routes, the layouts' first. */
interface Branch {
  segments: string[];
  modules: RouteModuleName[];
  redirect?: string;
}

function branches(entries: readonly RouteEntry[], parent: Branch): Branch[] {
  return entries.flatMap((entry) => {
    if ("redirect" in entry) return [{ ...parent, redirect: entry.redirect }];
    const own = {
      segments: [...parent.segments, ...(entry.path ?? "").split("/").filter(Boolean)],
      modules: [...parent.modules, entry.module],
    };
    return entry.children ? branches(entry.children, own) : [own];
  });
}

const PAGE_BRANCHES = [
  ...branches(PUBLIC_PAGES, { segments: [], modules: [] }),
  ...branches(MEMBER_PAGES, { segments: [], modules: [MEMBER_LAYOUT.module] }),
];

/**
 * How specific a page's path is among those of an address's length, as the router ranks them: its
 * fixed segments (a fixed segment before a parameter); of two as specific, the first.
 */
function score(branch: Branch): number {
  return branch.segments.filter((segment) => !segment.startsWith(":")).length;
}

/** Whether `given` (an address's segments) is a page of `branch` (fixed segments in any case). */
function matches(branch: Branch, given: string[]): boolean {
  return (
    branch.segments.length === given.length &&
    branch.segments.every(
      (segment, index) =>
        segment.startsWith(":") || segment.toLowerCase() === given[index]?.toLowerCase(),
    )
  );
}

/**
 * The route modules the router loads for the first page at `pathname`: its routes' (the layouts'
 * first), the redirect's target's, the not-found page's for an address the app does not know, and
 * the login page's for a members' page without a stored user (the session guard sends there).
 */
export function firstPageModules(
  pathname: string,
  hasStoredUser: boolean,
): readonly RouteModuleName[] {
  const given = pathname.split("/").filter(Boolean);
  let best: Branch | undefined;
  for (const branch of PAGE_BRANCHES) {
    if (matches(branch, given) && (!best || score(branch) > score(best))) best = branch;
  }
  if (!best) return [NOT_FOUND_PAGE.module];
  if (best.modules[0] === MEMBER_LAYOUT.module && !hasStoredUser) return ["login"];
  return best.redirect ? firstPageModules(best.redirect, hasStoredUser) : best.modules;
}
