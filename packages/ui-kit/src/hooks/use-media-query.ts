import { useCallback, useSyncExternalStore } from "react";

/** The desktop breakpoint of spec §9 (the theme's `--breakpoint-desktop`, Tailwind's `lg:`). */
export const DESKTOP_BREAKPOINT_PX = 1024;

/** The media query that is true at and above {@link DESKTOP_BREAKPOINT_PX}. */
export const DESKTOP_MEDIA_QUERY = `(min-width: ${DESKTOP_BREAKPOINT_PX}px)`;

/**
 * The media query of a phone-sized screen (below Tailwind's `sm:`, 640 px), where lists show as
 * cards instead of tables. False where `matchMedia` does not exist, so tables stay the default.
 */
export const PHONE_MEDIA_QUERY = "(max-width: 639.98px)";

function getMediaQueryList(query: string): MediaQueryList | null {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return null;
  return window.matchMedia(query);
}

/**
 * Whether a CSS media query matches now; re-renders when that changes. False on the server and where
 * `matchMedia` does not exist. Prefer plain CSS (`lg:`) for layout; use this for behaviour only.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = getMediaQueryList(query);
      if (!list) return () => {};
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => getMediaQueryList(query)?.matches ?? false,
    () => false,
  );
}

/** True when the user asked the system to reduce motion. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)");
}
