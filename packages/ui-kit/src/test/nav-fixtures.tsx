import type { ReactNode } from "react";
import type { SideNavItem } from "../layout/side-nav";

export const navItems: SideNavItem[] = [
  {
    id: "dashboard",
    href: "/",
    label: "Dashboard",
    icon: <svg data-icon="dashboard" />,
    active: true,
  },
  {
    id: "inbox",
    href: "/inbox",
    label: "Inbox",
    icon: <svg data-icon="inbox" />,
    dot: true,
    dotLabel: "Pending requests",
  },
  { id: "templates", href: "/templates", label: "Templates", icon: <svg data-icon="templates" /> },
];

/** What an app passes as `renderLink`: a plain anchor here, the router's NavLink in the apps. */
export function renderAnchor(item: SideNavItem, children: ReactNode, className: string) {
  return (
    <a
      href={item.href}
      className={className}
      aria-current={item.active ? "page" : undefined}
      onClick={(event) => event.preventDefault()}
    >
      {children}
    </a>
  );
}
