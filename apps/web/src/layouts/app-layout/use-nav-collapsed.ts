import { useCallback, useState } from "react";

/** Local-storage item remembering whether the side navigation is collapsed. */
export const NAV_COLLAPSED_STORAGE_KEY = "paraphe.nav.collapsed";

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(NAV_COLLAPSED_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

/** The side navigation's collapsed state, remembered across visits. */
export function useNavCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsedState] = useState(readCollapsed);
  const setCollapsed = useCallback((next: boolean) => {
    setCollapsedState(next);
    try {
      window.localStorage.setItem(NAV_COLLAPSED_STORAGE_KEY, String(next));
    } catch {
      // Storage unavailable (private mode): the choice lasts for this page only.
    }
  }, []);
  return [collapsed, setCollapsed];
}
