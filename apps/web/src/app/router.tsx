import { type ComponentType } from "react";
import { Navigate, Outlet, type LazyRouteFunction, type RouteObject } from "react-router";
import { RouteError } from "../routes/route-error";
import { RequireSession } from "./session/components/require-session";
import { RouteLoading } from "./route-loading";

/**
 * A lazy route whose module is loaded on demand and renders `pick(module)`. When the module's chunk
 * fails to load, Vite's preload helper tells the page's chunk-load guard, which reloads the page and
 * lets the helper resolve with nothing: the route then waits for the reload instead of failing. A
 * failure the guard does not take (its reload limit reached) rejects, and the root's error element
 * shows the give-up message.
 */
function page<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): LazyRouteFunction<RouteObject> {
  return async () => {
    const module: Module | undefined = await load();
    if (module === undefined) return new Promise<never>(() => {});
    return { Component: pick(module) };
  };
}

/**
 * The routes of the web app: the public identity pages (login, passkey offer, team onboarding), the
 * guarded layout with the dashboard, and the not-found page for every other path.
 *
 * Every page and the members' layout is a lazy route module (a chunk of its own, with the feature
 * code and libraries only it uses), loaded when a navigation reaches it: the first load holds only
 * the router, the session guard and the error page. A chunk that fails to load (a tab opened before
 * a deployment) reaches the root's error element, which hands it to the chunk-load guard: the page
 * reloads (spec §9).
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      // Shown while the first page's code loads (the route modules are loaded on demand).
      hydrateFallbackElement: <RouteLoading />,
      children: [
        {
          path: "login",
          lazy: page(
            () => import("../routes/login"),
            (m) => m.LoginRoute,
          ),
        },
        {
          path: "register-passkey",
          lazy: page(
            () => import("../routes/register-passkey"),
            (m) => m.RegisterPasskeyRoute,
          ),
        },
        {
          path: "onboarding/team",
          lazy: page(
            () => import("../routes/onboarding-team"),
            (m) => m.OnboardingTeamRoute,
          ),
        },
        {
          path: "accept-team-invite",
          lazy: page(
            () => import("../routes/accept-team-invite"),
            (m) => m.AcceptTeamInviteRoute,
          ),
        },
        {
          path: "auth/oidc",
          lazy: page(
            () => import("../routes/auth-oidc"),
            (m) => m.AuthOidcRoute,
          ),
        },
        {
          // The editor of an embed token's document, in a frame of a team's site (no session).
          path: "embed/edit/:accessKey",
          lazy: page(
            () => import("../routes/embed-edit"),
            (m) => m.EmbedEditRoute,
          ),
        },
        {
          element: <RequireSession />,
          children: [
            {
              lazy: page(
                () => import("../layouts/app-layout/app-layout"),
                (m) => m.AppLayout,
              ),
              children: [
                {
                  index: true,
                  lazy: page(
                    () => import("../routes/dashboard"),
                    (m) => m.DashboardRoute,
                  ),
                },
                {
                  path: "inbox",
                  lazy: page(
                    () => import("../routes/inbox"),
                    (m) => m.InboxRoute,
                  ),
                },
                {
                  path: "inbox/:uuid",
                  lazy: page(
                    () => import("../routes/inbox"),
                    (m) => m.InboxDetailRoute,
                  ),
                },
                {
                  path: "envelopes",
                  lazy: page(
                    () => import("../routes/envelopes"),
                    (m) => m.EnvelopesRoute,
                  ),
                },
                {
                  path: "envelopes/import",
                  lazy: page(
                    () => import("../routes/envelopes-import"),
                    (m) => m.EnvelopesImportRoute,
                  ),
                },
                {
                  path: "envelopes/import-google-drive",
                  lazy: page(
                    () => import("../routes/envelopes-import"),
                    (m) => m.EnvelopesImportGoogleDriveRoute,
                  ),
                },
                {
                  path: "envelopes/:status",
                  lazy: page(
                    () => import("../routes/envelopes"),
                    (m) => m.EnvelopesByStatusRoute,
                  ),
                },
                {
                  path: "envelopes/tag/:tag",
                  lazy: page(
                    () => import("../routes/envelopes"),
                    (m) => m.EnvelopesOfTagRoute,
                  ),
                },
                {
                  path: "envelopes/:workspaceUuid/all",
                  lazy: page(
                    () => import("../routes/envelopes"),
                    (m) => m.EnvelopesOfWorkspaceRoute,
                  ),
                },
                {
                  path: "envelopes/:workspaceUuid/:envelopeUuid/edit",
                  lazy: page(
                    () => import("../routes/envelope-edit"),
                    (m) => m.EnvelopeEditRoute,
                  ),
                },
                {
                  path: "envelopes/:workspaceUuid/:envelopeUuid/view",
                  lazy: page(
                    () => import("../routes/envelope-view"),
                    (m) => m.EnvelopeViewRoute,
                  ),
                },
                {
                  path: "envelopes/:workspaceUuid/:envelopeUuid/logs",
                  lazy: page(
                    () => import("../routes/envelope-logs"),
                    (m) => m.EnvelopeLogsRoute,
                  ),
                },
                {
                  path: "templates",
                  lazy: page(
                    () => import("../routes/templates"),
                    (m) => m.TemplatesRoute,
                  ),
                },
                {
                  path: "templates/:status",
                  lazy: page(
                    () => import("../routes/templates"),
                    (m) => m.TemplatesByStatusRoute,
                  ),
                },
                {
                  path: "templates/tag/:tag",
                  lazy: page(
                    () => import("../routes/templates"),
                    (m) => m.TemplatesOfTagRoute,
                  ),
                },
                {
                  path: "templates/:workspaceUuid/all",
                  lazy: page(
                    () => import("../routes/templates"),
                    (m) => m.TemplatesOfWorkspaceRoute,
                  ),
                },
                {
                  path: "templates/:workspaceUuid/:templateUuid/edit",
                  lazy: page(
                    () => import("../routes/template-edit"),
                    (m) => m.TemplateEditRoute,
                  ),
                },
                {
                  path: "templates/:workspaceUuid/:templateUuid/create-envelope",
                  lazy: page(
                    () => import("../routes/template-create-envelope"),
                    (m) => m.TemplateCreateEnvelopeRoute,
                  ),
                },
                {
                  path: "templates/:workspaceUuid/:templateUuid/bulk-send",
                  lazy: page(
                    () => import("../routes/template-bulk-send"),
                    (m) => m.TemplateBulkSendRoute,
                  ),
                },
                {
                  path: "contacts",
                  lazy: page(
                    () => import("../routes/contacts"),
                    (m) => m.ContactsRoute,
                  ),
                },
                {
                  path: "contacts/new",
                  lazy: page(
                    () => import("../routes/contacts"),
                    (m) => m.ContactNewRoute,
                  ),
                },
                {
                  path: "contacts/import",
                  lazy: page(
                    () => import("../routes/contacts-import"),
                    (m) => m.ContactsImportRoute,
                  ),
                },
                {
                  path: "contacts/:workspaceUuid",
                  lazy: page(
                    () => import("../routes/contacts"),
                    (m) => m.ContactsOfWorkspaceRoute,
                  ),
                },
                {
                  path: "contacts/:workspaceUuid/:contactEmail",
                  lazy: page(
                    () => import("../routes/contacts"),
                    (m) => m.ContactEditRoute,
                  ),
                },
                {
                  path: "settings",
                  lazy: page(
                    () => import("../routes/settings"),
                    (m) => m.SettingsRoute,
                  ),
                  children: [
                    { index: true, element: <Navigate to="/settings/profile" replace /> },
                    {
                      path: "profile",
                      lazy: page(
                        () => import("../routes/settings-profile"),
                        (m) => m.SettingsProfileRoute,
                      ),
                    },
                    {
                      path: "sessions",
                      lazy: page(
                        () => import("../routes/settings-sessions"),
                        (m) => m.SettingsSessionsRoute,
                      ),
                    },
                    {
                      path: "passkeys",
                      lazy: page(
                        () => import("../routes/settings-passkeys"),
                        (m) => m.SettingsPasskeysRoute,
                      ),
                    },
                    {
                      path: "security",
                      lazy: page(
                        () => import("../routes/settings-security"),
                        (m) => m.SettingsSecurityRoute,
                      ),
                    },
                    {
                      path: "workspaces",
                      lazy: page(
                        () => import("../routes/settings-workspaces"),
                        (m) => m.SettingsWorkspacesRoute,
                      ),
                    },
                    {
                      path: "workspaces/:workspaceUuid/members",
                      lazy: page(
                        () => import("../routes/settings-workspaces"),
                        (m) => m.SettingsWorkspaceMembersRoute,
                      ),
                    },
                    {
                      path: "tags",
                      lazy: page(
                        () => import("../routes/settings-tags"),
                        (m) => m.SettingsTagsRoute,
                      ),
                    },
                    {
                      path: "members",
                      lazy: page(
                        () => import("../routes/settings-members"),
                        (m) => m.SettingsMembersRoute,
                      ),
                    },
                    {
                      path: "members/pending",
                      lazy: page(
                        () => import("../routes/settings-members"),
                        (m) => m.SettingsPendingInvitationsRoute,
                      ),
                    },
                    {
                      path: "members/import",
                      lazy: page(
                        () => import("../routes/settings-members-import"),
                        (m) => m.SettingsMembersImportRoute,
                      ),
                    },
                    {
                      path: "roles",
                      lazy: page(
                        () => import("../routes/settings-roles"),
                        (m) => m.SettingsRolesRoute,
                      ),
                    },
                    {
                      path: "sso",
                      lazy: page(
                        () => import("../routes/settings-sso"),
                        (m) => m.SettingsSsoRoute,
                      ),
                    },
                    {
                      path: "branding",
                      lazy: page(
                        () => import("../routes/settings-branding"),
                        (m) => m.SettingsBrandingRoute,
                      ),
                    },
                    {
                      path: "messages",
                      lazy: page(
                        () => import("../routes/settings-messages"),
                        (m) => m.SettingsMessagesRoute,
                      ),
                    },
                    {
                      path: "mail-sender",
                      lazy: page(
                        () => import("../routes/settings-mail-sender"),
                        (m) => m.SettingsMailSenderRoute,
                      ),
                    },
                    {
                      path: "embedding",
                      lazy: page(
                        () => import("../routes/settings-embedding"),
                        (m) => m.SettingsEmbeddingRoute,
                      ),
                    },
                    {
                      path: "retention",
                      lazy: page(
                        () => import("../routes/settings-retention"),
                        (m) => m.SettingsRetentionRoute,
                      ),
                    },
                    {
                      path: "sso-tutorial",
                      lazy: page(
                        () => import("../routes/settings-sso"),
                        (m) => m.SettingsSsoTutorialRoute,
                      ),
                    },
                    {
                      path: "api-keys",
                      lazy: page(
                        () => import("../routes/settings-api-keys"),
                        (m) => m.SettingsApiKeysRoute,
                      ),
                    },
                    {
                      path: "webhooks",
                      lazy: page(
                        () => import("../routes/settings-webhooks"),
                        (m) => m.SettingsWebhooksRoute,
                      ),
                    },
                    {
                      path: "subscription",
                      lazy: page(
                        () => import("../routes/settings-subscription"),
                        (m) => m.SettingsSubscriptionRoute,
                      ),
                    },
                    {
                      path: "usage",
                      lazy: page(
                        () => import("../routes/settings-usage"),
                        (m) => m.SettingsUsageRoute,
                      ),
                    },
                    {
                      path: "support",
                      lazy: page(
                        () => import("../routes/settings-support"),
                        (m) => m.SettingsSupportRoute,
                      ),
                    },
                  ],
                },
                {
                  path: "support/operator",
                  lazy: page(
                    () => import("../routes/support-operator"),
                    (m) => m.SupportOperatorRoute,
                  ),
                },
              ],
            },
          ],
        },
        {
          path: "*",
          lazy: page(
            () => import("../routes/not-found"),
            (m) => m.NotFoundRoute,
          ),
        },
      ],
    },
  ];
}
