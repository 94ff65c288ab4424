import { Navigate, Outlet, type RouteObject } from "react-router";
import { RequireSession } from "./session/components/require-session";
import { AcceptTeamInviteRoute } from "../routes/accept-team-invite";
import { AuthOidcRoute } from "../routes/auth-oidc";
import { AppLayout } from "../layouts/app-layout/app-layout";
import {
  ContactEditRoute,
  ContactNewRoute,
  ContactsImportRoute,
  ContactsOfWorkspaceRoute,
  ContactsRoute,
} from "../routes/contacts";
import { DashboardRoute } from "../routes/dashboard";
import {
  EnvelopeEditRoute,
  EnvelopeViewRoute,
  EnvelopesByStatusRoute,
  EnvelopesImportGoogleDriveRoute,
  EnvelopesImportRoute,
  EnvelopesOfTagRoute,
  EnvelopesOfWorkspaceRoute,
  EnvelopesRoute,
} from "../routes/envelopes";
import { InboxDetailRoute, InboxRoute } from "../routes/inbox";
import {
  TemplateBulkSendRoute,
  TemplateCreateEnvelopeRoute,
  TemplateEditRoute,
  TemplatesByStatusRoute,
  TemplatesOfTagRoute,
  TemplatesOfWorkspaceRoute,
  TemplatesRoute,
} from "../routes/templates";
import { LoginRoute } from "../routes/login";
import { NotFoundRoute } from "../routes/not-found";
import { OnboardingTeamRoute } from "../routes/onboarding-team";
import { RegisterPasskeyRoute } from "../routes/register-passkey";
import { RouteError } from "../routes/route-error";
import { SettingsRoute } from "../routes/settings";
import {
  SettingsMembersImportRoute,
  SettingsMembersRoute,
  SettingsPendingInvitationsRoute,
} from "../routes/settings-members";
import { SettingsPasskeysRoute } from "../routes/settings-passkeys";
import { SettingsProfileRoute } from "../routes/settings-profile";
import { SettingsRolesRoute } from "../routes/settings-roles";
import { SettingsSecurityRoute } from "../routes/settings-security";
import { SettingsSessionsRoute } from "../routes/settings-sessions";
import { SettingsSsoRoute, SettingsSsoTutorialRoute } from "../routes/settings-sso";
import { SettingsApiKeysRoute } from "../routes/settings-api-keys";
import { SettingsWebhooksRoute } from "../routes/settings-webhooks";
import { SettingsSubscriptionRoute } from "../routes/settings-subscription";
import { SettingsUsageRoute } from "../routes/settings-usage";
import { SettingsSupportRoute } from "../routes/settings-support";
import { SettingsTagsRoute } from "../routes/settings-tags";
import { SupportOperatorRoute } from "../routes/support-operator";
import {
  SettingsWorkspaceMembersRoute,
  SettingsWorkspacesRoute,
} from "../routes/settings-workspaces";

/**
 * The routes of the web app: the public identity pages (login, passkey offer, team onboarding), the
 * guarded layout with the dashboard, and the not-found page for every other path.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      children: [
        { path: "login", element: <LoginRoute /> },
        { path: "register-passkey", element: <RegisterPasskeyRoute /> },
        { path: "onboarding/team", element: <OnboardingTeamRoute /> },
        { path: "accept-team-invite", element: <AcceptTeamInviteRoute /> },
        { path: "auth/oidc", element: <AuthOidcRoute /> },
        {
          element: <RequireSession />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { index: true, element: <DashboardRoute /> },
                { path: "inbox", element: <InboxRoute /> },
                { path: "inbox/:uuid", element: <InboxDetailRoute /> },
                { path: "envelopes", element: <EnvelopesRoute /> },
                { path: "envelopes/import", element: <EnvelopesImportRoute /> },
                {
                  path: "envelopes/import-google-drive",
                  element: <EnvelopesImportGoogleDriveRoute />,
                },
                { path: "envelopes/:status", element: <EnvelopesByStatusRoute /> },
                { path: "envelopes/tag/:tag", element: <EnvelopesOfTagRoute /> },
                { path: "envelopes/:workspaceUuid/all", element: <EnvelopesOfWorkspaceRoute /> },
                {
                  path: "envelopes/:workspaceUuid/:envelopeUuid/edit",
                  element: <EnvelopeEditRoute />,
                },
                {
                  path: "envelopes/:workspaceUuid/:envelopeUuid/view",
                  element: <EnvelopeViewRoute />,
                },
                { path: "templates", element: <TemplatesRoute /> },
                { path: "templates/:status", element: <TemplatesByStatusRoute /> },
                { path: "templates/tag/:tag", element: <TemplatesOfTagRoute /> },
                { path: "templates/:workspaceUuid/all", element: <TemplatesOfWorkspaceRoute /> },
                {
                  path: "templates/:workspaceUuid/:templateUuid/edit",
                  element: <TemplateEditRoute />,
                },
                {
                  path: "templates/:workspaceUuid/:templateUuid/create-envelope",
                  element: <TemplateCreateEnvelopeRoute />,
                },
                {
                  path: "templates/:workspaceUuid/:templateUuid/bulk-send",
                  element: <TemplateBulkSendRoute />,
                },
                { path: "contacts", element: <ContactsRoute /> },
                { path: "contacts/new", element: <ContactNewRoute /> },
                { path: "contacts/import", element: <ContactsImportRoute /> },
                { path: "contacts/:workspaceUuid", element: <ContactsOfWorkspaceRoute /> },
                { path: "contacts/:workspaceUuid/:contactEmail", element: <ContactEditRoute /> },
                {
                  path: "settings",
                  element: <SettingsRoute />,
                  children: [
                    { index: true, element: <Navigate to="/settings/profile" replace /> },
                    { path: "profile", element: <SettingsProfileRoute /> },
                    { path: "sessions", element: <SettingsSessionsRoute /> },
                    { path: "passkeys", element: <SettingsPasskeysRoute /> },
                    { path: "security", element: <SettingsSecurityRoute /> },
                    { path: "workspaces", element: <SettingsWorkspacesRoute /> },
                    {
                      path: "workspaces/:workspaceUuid/members",
                      element: <SettingsWorkspaceMembersRoute />,
                    },
                    { path: "tags", element: <SettingsTagsRoute /> },
                    { path: "members", element: <SettingsMembersRoute /> },
                    { path: "members/pending", element: <SettingsPendingInvitationsRoute /> },
                    { path: "members/import", element: <SettingsMembersImportRoute /> },
                    { path: "roles", element: <SettingsRolesRoute /> },
                    { path: "sso", element: <SettingsSsoRoute /> },
                    { path: "sso-tutorial", element: <SettingsSsoTutorialRoute /> },
                    { path: "api-keys", element: <SettingsApiKeysRoute /> },
                    { path: "webhooks", element: <SettingsWebhooksRoute /> },
                    { path: "subscription", element: <SettingsSubscriptionRoute /> },
                    { path: "usage", element: <SettingsUsageRoute /> },
                    { path: "support", element: <SettingsSupportRoute /> },
                  ],
                },
                { path: "support/operator", element: <SupportOperatorRoute /> },
              ],
            },
          ],
        },
        { path: "*", element: <NotFoundRoute /> },
      ],
    },
  ];
}
