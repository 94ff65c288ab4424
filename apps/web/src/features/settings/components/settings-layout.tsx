import { useTranslation } from "@paraphe/i18n/react";
import { cn } from "@paraphe/ui-kit";
import { NavLink, Outlet } from "react-router";

/**
 * Settings pages with their sub-navigation (Profile, Sessions, Passkeys, Security, Members, Roles,
 * Workspaces, Tags).
 */
export function SettingsLayout() {
  const { t } = useTranslation("web");
  const links = [
    { to: "/settings/profile", label: t("settings.nav.profile") },
    { to: "/settings/sessions", label: t("settings.nav.sessions") },
    { to: "/settings/passkeys", label: t("settings.nav.passkeys") },
    { to: "/settings/security", label: t("settings.nav.security") },
    { to: "/settings/members", label: t("settings.nav.members") },
    { to: "/settings/roles", label: t("settings.nav.roles") },
    { to: "/settings/workspaces", label: t("settings.nav.workspaces") },
    { to: "/settings/tags", label: t("settings.nav.tags") },
  ];
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t("settings.nav.label")} className="-mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-border px-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    "-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium transition-colors",
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
      </nav>
      <Outlet />
    </div>
  );
}
