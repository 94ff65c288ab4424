import { useTranslation } from "@paraphe/i18n/react";
import { type SideNavItem } from "@paraphe/ui-kit";
import { FileText, Inbox, LayoutDashboard, LayoutTemplate, Settings, Users } from "lucide-react";
import { useNavIndicators } from "./nav-indicators";

/** Whether `href` is the current section: "/" only on itself, others on themselves and below. */
export function isActiveHref(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The side navigation of spec §2: Dashboard, Envelopes, Inbox (dot when requests wait), Templates, Contacts, Settings. */
export function useNavItems(pathname: string): SideNavItem[] {
  const { t } = useTranslation("web");
  const { inboxPending } = useNavIndicators();
  const items: SideNavItem[] = [
    { id: "dashboard", href: "/", label: t("nav.dashboard"), icon: <LayoutDashboard /> },
    { id: "envelopes", href: "/envelopes", label: t("nav.envelopes"), icon: <FileText /> },
    {
      id: "inbox",
      href: "/inbox",
      label: t("nav.inbox"),
      icon: <Inbox />,
      dot: inboxPending,
      dotLabel: t("nav.inboxPending"),
    },
    { id: "templates", href: "/templates", label: t("nav.templates"), icon: <LayoutTemplate /> },
    { id: "contacts", href: "/contacts", label: t("nav.contacts"), icon: <Users /> },
    { id: "settings", href: "/settings", label: t("nav.settings"), icon: <Settings /> },
  ];
  return items.map((item) => ({ ...item, active: isActiveHref(item.href, pathname) }));
}
