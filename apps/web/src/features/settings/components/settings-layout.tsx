import { useTranslation } from "@paraphe/i18n/react";
import { cn } from "@paraphe/ui-kit";
import { useId } from "react";
import { NavLink, Outlet } from "react-router";
import { usePermissions } from "../../../app/permissions/permissions-context";

interface SettingsLink {
  to: string;
  label: string;
}

/**
 * Settings pages with their sub-navigation, in two groups: "Account" (Profile, Sessions, Passkeys,
 * Security, Support: every person's own settings) and "Team" (Members, Roles, Workspaces, Tags, Single
 * sign-on, API keys, webhooks, Subscription, Usage). A team page shows only when the role may read what it lists (`read Team` for members,
 * roles and tags, `read Workspace` for workspaces, `update Team` for single sign-on and webhooks, whose
 * settings only owners and admins read, `manage API` for API keys), as the dashboard's blocks do; a group left empty is not shown.
 */
export function SettingsLayout() {
  const { t } = useTranslation("web");
  const { can } = usePermissions();
  const readsTeam = can("read", "Team");
  const account: SettingsLink[] = [
    { to: "/settings/profile", label: t("settings.nav.profile") },
    { to: "/settings/sessions", label: t("settings.nav.sessions") },
    { to: "/settings/passkeys", label: t("settings.nav.passkeys") },
    { to: "/settings/security", label: t("settings.nav.security") },
    { to: "/settings/support", label: t("settings.nav.support") },
  ];
  const team: SettingsLink[] = [
    ...(readsTeam
      ? [
          { to: "/settings/members", label: t("settings.nav.members") },
          { to: "/settings/roles", label: t("settings.nav.roles") },
        ]
      : []),
    ...(can("read", "Workspace")
      ? [{ to: "/settings/workspaces", label: t("settings.nav.workspaces") }]
      : []),
    ...(readsTeam ? [{ to: "/settings/tags", label: t("settings.nav.tags") }] : []),
    ...(can("update", "Team", "sso")
      ? [{ to: "/settings/sso", label: t("settings.nav.sso") }]
      : []),
    ...(can("manage", "API")
      ? [{ to: "/settings/api-keys", label: t("settings.nav.apiKeys") }]
      : []),
    ...(can("update", "Team", "webhooks")
      ? [{ to: "/settings/webhooks", label: t("settings.nav.webhooks") }]
      : []),
    ...(readsTeam
      ? [
          { to: "/settings/subscription", label: t("settings.nav.subscription") },
          { to: "/settings/usage", label: t("settings.nav.usage") },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-6">
      <nav
        aria-label={t("settings.nav.label")}
        className="flex flex-col gap-3 border-b border-border pb-1 md:flex-row md:gap-8"
      >
        <SettingsGroup heading={t("settings.nav.account")} links={account} />
        {team.length > 0 ? <SettingsGroup heading={t("settings.nav.team")} links={team} /> : null}
      </nav>
      <Outlet />
    </div>
  );
}

/** A heading and its links; the row scrolls sideways when it does not fit. */
function SettingsGroup({ heading, links }: { heading: string; links: SettingsLink[] }) {
  const headingId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h2
        id={headingId}
        className="px-1 text-xs font-semibold tracking-wide text-ink-muted uppercase"
      >
        {heading}
      </h2>
      <div className="-mx-1 overflow-x-auto">
        <ul aria-labelledby={headingId} className="flex min-w-max gap-1 px-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium transition-colors",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
                    isActive
                      ? "border-brand-500 text-brand-700"
                      : "border-transparent text-ink-muted hover:text-ink",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
