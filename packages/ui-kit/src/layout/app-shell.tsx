import { Menu } from "lucide-react";
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "../components/button";
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from "../hooks/use-media-query";
import { cn } from "../lib/cn";
import {
  AppShellContext,
  type AppShellContextValue,
  type AppShellPlacement,
} from "./app-shell-context";
import { Drawer } from "./drawer";

export interface AppShellProps {
  /** The navigation, usually a SideNav: shown in the side bar (desktop) and in the drawer (mobile). */
  nav: ReactNode;
  /** The logo, above the side bar's navigation and at the top of the drawer. */
  logo: ReactNode;
  /** Content of the desktop header bar (page title, avatar menu, security status...). */
  header: ReactNode;
  /** Page title shown in the mobile header. */
  mobileTitle: string;
  /** Actions at the right of the mobile header (e.g. the avatar menu), optional. */
  mobileActions?: ReactNode;
  /** Accessible name of the menu toggle, also the drawer's name (e.g. "Menu"). */
  menuLabel: string;
  /** Accessible name of the drawer's close button (e.g. "Close menu"). */
  closeMenuLabel: string;
  /**
   * The current location (e.g. `location.pathname`): when it changes the drawer closes, whatever
   * caused the navigation. Optional: SideNav links close it anyway, and `useAppShell().closeDrawer`
   * is there for other cases.
   */
  locationKey?: string;
  /** Text of a "skip to content" link, shown on keyboard focus; omitted when not given. */
  skipToContentLabel?: string;
  children: ReactNode;
  className?: string;
}

/**
 * The logged-in layout (spec §2). From 1024 px (Tailwind `lg:`, the theme's desktop breakpoint): a
 * side bar with the logo and navigation at the left, a header bar and the page. Below: a mobile header
 * with a menu toggle (`aria-expanded`) and the page title, and the navigation in a Drawer.
 */
export function AppShell({
  nav,
  logo,
  header,
  mobileTitle,
  mobileActions,
  menuLabel,
  closeMenuLabel,
  locationKey,
  skipToContentLabel,
  children,
  className,
}: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [lastLocation, setLastLocation] = useState(locationKey);
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const mainId = useId();

  if (lastLocation !== locationKey) {
    setLastLocation(locationKey);
    if (drawerOpen) setDrawerOpen(false);
  }
  // The drawer has no place on a desktop layout (e.g. a phone turned to landscape on a tablet).
  if (isDesktop && drawerOpen) setDrawerOpen(false);

  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const contextFor = useMemo(() => {
    const make = (placement: AppShellPlacement): AppShellContextValue => ({
      drawerOpen,
      openDrawer,
      closeDrawer,
      placement,
    });
    return { page: make("page"), sidebar: make("sidebar"), drawer: make("drawer") };
  }, [drawerOpen, openDrawer, closeDrawer]);

  return (
    <AppShellContext.Provider value={contextFor.page}>
      <div className={cn("min-h-dvh bg-surface-muted text-ink lg:flex", className)}>
        {skipToContentLabel ? (
          <a
            href={`#${mainId}`}
            className={cn(
              "sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-control",
              "focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-popover",
            )}
          >
            {skipToContentLabel}
          </a>
        ) : null}

        <aside
          data-slot="app-shell-sidebar"
          className="sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-border bg-surface lg:flex"
        >
          <div className="flex h-16 shrink-0 items-center px-5">{logo}</div>
          <AppShellContext.Provider value={contextFor.sidebar}>
            <div className="min-h-0 flex-1 overflow-y-auto">{nav}</div>
          </AppShellContext.Provider>
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header
            data-slot="app-shell-mobile-header"
            className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-surface/95 px-2 backdrop-blur lg:hidden"
          >
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              aria-label={menuLabel}
              aria-expanded={drawerOpen}
              aria-controls={drawerOpen ? drawerId : undefined}
              onClick={openDrawer}
            >
              <Menu aria-hidden="true" />
            </Button>
            <p className="min-w-0 flex-1 truncate text-base font-semibold">{mobileTitle}</p>
            {mobileActions ? (
              <div className="flex shrink-0 items-center gap-1">{mobileActions}</div>
            ) : null}
          </header>

          <header
            data-slot="app-shell-header"
            className="sticky top-0 z-30 hidden h-16 items-center gap-4 border-b border-border bg-surface/95 px-8 backdrop-blur lg:flex"
          >
            {header}
          </header>

          <main
            id={mainId}
            tabIndex={-1}
            className="min-w-0 flex-1 px-4 py-5 outline-none sm:px-6 sm:py-6 lg:px-8"
          >
            {children}
          </main>
        </div>

        <Drawer
          id={drawerId}
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          title={menuLabel}
          closeLabel={closeMenuLabel}
          header={logo}
          onCloseAutoFocus={(event) => {
            // Radix returns focus to a Dialog.Trigger; our toggle lives outside the dialog root.
            event.preventDefault();
            menuButton.current?.focus();
          }}
        >
          <AppShellContext.Provider value={contextFor.drawer}>{nav}</AppShellContext.Provider>
        </Drawer>
      </div>
    </AppShellContext.Provider>
  );
}
