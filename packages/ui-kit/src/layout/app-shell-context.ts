import { createContext, useContext } from "react";

/** Where a piece of the shell is rendered: the desktop side bar, the mobile drawer, or the page. */
export type AppShellPlacement = "sidebar" | "drawer" | "page";

export interface AppShellContextValue {
  /** Whether the mobile navigation drawer is open. */
  drawerOpen: boolean;
  openDrawer: () => void;
  /** Closes the mobile drawer; call it after a navigation that does not go through SideNav. */
  closeDrawer: () => void;
  /** Where the calling component is rendered. */
  placement: AppShellPlacement;
}

export const AppShellContext = createContext<AppShellContextValue | null>(null);

/** The shell's drawer controls, or null outside an AppShell (SideNav also works on its own). */
export function useOptionalAppShell(): AppShellContextValue | null {
  return useContext(AppShellContext);
}

/** The AppShell's drawer controls and the caller's placement. Throws outside an AppShell. */
export function useAppShell(): AppShellContextValue {
  const value = useContext(AppShellContext);
  if (!value) throw new Error("useAppShell must be used inside <AppShell>");
  return value;
}
