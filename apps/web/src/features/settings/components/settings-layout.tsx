import { useTranslation } from "@paraphe/i18n/react";
import { cn } from "@paraphe/ui-kit";
import { useEffect, useId, useRef } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { usePermissions } from "../../../app/permissions/permissions-context";

interface SettingsLink {
  to: string;
  label: string;
  /** Pages of this entry at other paths (the single sign-on guides): the entry is current there. */
  also?: string[];
}

/**
 * Settings pages with their sub-navigation, in two groups: "Account" (Profile, Sessions, Passkeys,
 * Security, Support: every person's own settings) and "Team" (Members, Roles, Workspaces, Tags, Single
 * sign-on, Branding, API keys, webhooks, Subscription, Usage). A team page shows only when the role may read what it lists (`read Team` for members,
 * roles and tags, `read Workspace` for workspaces, `update Team` for single sign-on, branding and webhooks, whose
 * settings only owners and admins read, `manage API` for API keys), as the dashboard's blocks do; a group left empty is not shown.
 * From 768 px the navigation is a side list beside the page, so every entry shows whole in either
 * language; below, each group is a row that scrolls sideways to its current entry.
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
      ? [{ to: "/settings/sso", label: t("settings.nav.sso"), also: ["/settings/sso-tutorial"] }]
      : []),
    ...(can("update", "Team", "branding")
      ? [{ to: "/settings/branding", label: t("settings.nav.branding") }]
      : []),
    ...(can("update", "Team", "branding")
      ? [{ to: "/settings/messages", label: t("settings.nav.messages") }]
      : []),
    ...(can("update", "Team", "mailSender")
      ? [{ to: "/settings/mail-sender", label: t("settings.nav.mailSender") }]
      : []),
    ...(can("update", "Team", "embedding")
      ? [{ to: "/settings/embedding", label: t("settings.nav.embedding") }]
      : []),
    // The retention policy is the Owners' (`manage all`): it deletes documents.
    ...(can("manage", "all")
      ? [{ to: "/settings/retention", label: t("settings.nav.retention") }]
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
    <div className="flex flex-col gap-6 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:items-start md:gap-8">
      <nav
        aria-label={t("settings.nav.label")}
        className="flex min-w-0 flex-col gap-3 border-b border-border pb-2 md:sticky md:top-4 md:gap-5 md:border-r md:border-b-0 md:pr-4 md:pb-0"
      >
        <SettingsGroup heading={t("settings.nav.account")} links={account} />
        {team.length > 0 ? <SettingsGroup heading={t("settings.nav.team")} links={team} /> : null}
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * A heading and its links: a side list from 768 px, where every entry shows whole; on a phone a
 * row that scrolls sideways, brought to the current entry so that it is always in view. The current
 * entry is marked by colour, weight and a bar (and `aria-current="page"`, from NavLink).
 */
function SettingsGroup({ heading, links }: { heading: string; links: SettingsLink[] }) {
  const headingId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const scroller = scrollerRef.current;
    const current = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!scroller || !current || scroller.scrollWidth <= scroller.clientWidth) return;
    // The scroller is positioned, so it is the link's offset parent.
    const start = current.offsetLeft;
    const end = start + current.offsetWidth;
    if (start < scroller.scrollLeft || end > scroller.scrollLeft + scroller.clientWidth) {
      scroller.scrollLeft = start - (scroller.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h2
        id={headingId}
        className="px-1 text-xs font-semibold tracking-wide text-ink-muted uppercase"
      >
        {heading}
      </h2>
      <div ref={scrollerRef} className="relative -mx-1 overflow-x-auto md:mx-0 md:overflow-visible">
        <ul
          aria-labelledby={headingId}
          className="flex min-w-max gap-1 px-1 md:min-w-0 md:flex-col md:px-0"
        >
          {links.map((link) => (
            <li key={link.to}>
              {link.also?.includes(pathname) ? (
                <Link to={link.to} aria-current="page" className={entryClass(true)}>
                  {link.label}
                </Link>
              ) : (
                <NavLink to={link.to} className={({ isActive }) => entryClass(isActive)}>
                  {link.label}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function entryClass(current: boolean): string {
  return cn(
    "flex min-h-11 items-center rounded-control px-3 text-sm font-medium whitespace-nowrap transition-colors md:min-h-9 md:whitespace-normal",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
    current
      ? "bg-brand-50 font-semibold text-brand-700 shadow-[inset_0_-2px_0_var(--color-brand-500)] md:shadow-[inset_3px_0_0_var(--color-brand-500)]"
      : "text-ink-muted hover:bg-surface-muted hover:text-ink",
  );
}
