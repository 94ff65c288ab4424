import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";

/**
 * The signing app's own navigation: three paths and one in-app move (to the confirmation) do not
 * need a router library, whose code would be a fifth of the first download. The address bar is
 * the state: `history.pushState`, and `popstate` for the browser's back and forward buttons.
 */
export interface AppLocation {
  pathname: string;
  /** What `navigate` passed along (kept in the history entry, so a reload keeps it). */
  state: unknown;
}

export interface Navigation {
  location: AppLocation;
  navigate: (to: string, options?: { state?: unknown }) => void;
}

const NavigationContext = createContext<Navigation | null>(null);

/** The state stored in a history entry: what the app passed, under a key of its own. */
interface HistoryEntry {
  appState?: unknown;
}

function currentLocation(): AppLocation {
  const entry = window.history.state as HistoryEntry | null;
  return { pathname: window.location.pathname, state: entry?.appState ?? null };
}

/** Follows the address bar: the current location, and a way to move to another path. */
export function useBrowserNavigation(): Navigation {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
  const navigate = useCallback((to: string, options: { state?: unknown } = {}) => {
    const entry: HistoryEntry = { appState: options.state ?? null };
    window.history.pushState(entry, "", to);
    setLocation(currentLocation());
    window.scrollTo({ top: 0 });
  }, []);
  return useMemo(() => ({ location, navigate }), [location, navigate]);
}

export const NavigationProvider = NavigationContext.Provider;

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error("useNavigation must be used inside the App");
  return navigation;
}

export function useLocation(): AppLocation {
  return useNavigation().location;
}

export function useNavigate(): Navigation["navigate"] {
  return useNavigation().navigate;
}
