import { ChevronsLeft, ChevronsRight } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button } from "../components/button";
import { Tooltip } from "../components/tooltip";
import { cn } from "../lib/cn";
import { useOptionalAppShell } from "./app-shell-context";

export interface SideNavItem {
  id: string;
  href: string;
  /** Visible label, also the tooltip and accessible name when the navigation is collapsed. */
  label: string;
  /** Decorative icon (e.g. a lucide-react icon). */
  icon: ReactNode;
  /** Shows a dot badge (e.g. Inbox with pending requests). */
  dot?: boolean;
  /** What the dot means, for screen readers (e.g. "Pending requests"). */
  dotLabel?: string;
  /** Marks the current page when the link itself does not set `aria-current="page"`. */
  active?: boolean;
}

export interface SideNavProps {
  items: SideNavItem[];
  /** Icons only, each with a tooltip. Ignored inside the mobile drawer, which always shows labels. */
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** Accessible name of the toggle while expanded (e.g. "Collapse navigation"). */
  collapseLabel: string;
  /** Accessible name of the toggle while collapsed (e.g. "Expand navigation"). */
  expandLabel: string;
  /** Accessible name of the `<nav>` landmark (e.g. "Main navigation"). */
  label: string;
  /**
   * Renders one link with the app's router, e.g.
   * `(item, children, className) => <NavLink to={item.href} className={className}>{children}</NavLink>`.
   * React Router's NavLink sets `aria-current="page"`, which the styles also follow.
   */
  renderLink: (item: SideNavItem, children: ReactNode, className: string) => ReactNode;
  /** Extra content under the links (e.g. a help link), above the collapse toggle. */
  footer?: ReactNode;
  className?: string;
}

const linkBase = [
  "relative flex h-10 w-full items-center gap-3 rounded-control px-3 text-sm font-medium text-ink-muted",
  "transition-colors hover:bg-brand-50 hover:text-ink",
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
  "aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700",
  "[&_svg]:size-5 [&_svg]:shrink-0",
];
const linkActive = "bg-brand-50 text-brand-700";

/**
 * The vertical main navigation (spec §2 "Layout and navigation"): a labelled `<nav>` landmark with a
 * list of links, an optional dot badge per item, and a collapse toggle. Collapsed, it shows icons only,
 * keeps each label for screen readers and shows it in a tooltip on hover and keyboard focus.
 * Inside AppShell's mobile drawer it is always expanded and a click on a link closes the drawer.
 */
export function SideNav({
  items,
  collapsed: collapsedProp,
  onCollapsedChange,
  collapseLabel,
  expandLabel,
  label,
  renderLink,
  footer,
  className,
}: SideNavProps) {
  const shell = useOptionalAppShell();
  const inDrawer = shell?.placement === "drawer";
  const collapsed = collapsedProp && !inDrawer;
  const listId = useId();

  return (
    <nav
      aria-label={label}
      data-collapsed={collapsed || undefined}
      className={cn(
        "flex h-full flex-col gap-2 p-3 transition-[width] duration-200 motion-reduce:transition-none",
        inDrawer ? "w-full" : collapsed ? "w-[4.5rem]" : "w-64",
        className,
      )}
    >
      <ul id={listId} className="flex flex-1 flex-col gap-1">
        {items.map((item) => {
          const showDot = item.dot === true;
          const content = (
            <>
              <span aria-hidden="true" className="relative flex">
                {item.icon}
                {showDot && collapsed ? (
                  <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-accent-500 ring-2 ring-surface" />
                ) : null}
              </span>
              <span className={collapsed ? "sr-only" : "min-w-0 flex-1 truncate"}>
                {item.label}
              </span>
              {showDot && !collapsed ? (
                <span
                  aria-hidden="true"
                  className="ml-auto size-2 shrink-0 rounded-full bg-accent-500"
                />
              ) : null}
              {showDot && item.dotLabel ? (
                <span className="sr-only"> ({item.dotLabel})</span>
              ) : null}
            </>
          );
          const link = renderLink(
            item,
            content,
            cn(linkBase, collapsed && "justify-center px-0", item.active && linkActive),
          );
          const onClick = inDrawer ? shell.closeDrawer : undefined;
          if (collapsed) {
            return (
              <Tooltip key={item.id} content={item.label} side="right">
                <li onClick={onClick}>{link}</li>
              </Tooltip>
            );
          }
          return (
            <li key={item.id} onClick={onClick}>
              {link}
            </li>
          );
        })}
      </ul>
      {footer}
      {inDrawer ? null : (
        <CollapseToggle
          collapsed={collapsed}
          controls={listId}
          label={collapsed ? expandLabel : collapseLabel}
          onToggle={() => onCollapsedChange(!collapsed)}
        />
      )}
    </nav>
  );
}

function CollapseToggle({
  collapsed,
  controls,
  label,
  onToggle,
}: {
  collapsed: boolean;
  controls: string;
  label: string;
  onToggle: () => void;
}) {
  const button = (
    <Button
      variant="ghost"
      size={collapsed ? "icon" : "md"}
      aria-label={label}
      aria-expanded={!collapsed}
      aria-controls={controls}
      onClick={onToggle}
      className={cn("text-ink-muted", collapsed ? "self-center" : "justify-start px-3")}
    >
      {collapsed ? <ChevronsRight aria-hidden="true" /> : <ChevronsLeft aria-hidden="true" />}
      {collapsed ? null : <span aria-hidden="true">{label}</span>}
    </Button>
  );
  return collapsed ? (
    <Tooltip content={label} side="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
