import { createBrowserI18n, LANGUAGE_STORAGE_KEY, type Language } from "@paraphe/i18n";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../app/providers";
import { createQueryClient } from "../app/query-client";
import { createAppRoutes } from "../app/router";
import { writeStoredUser } from "../features/session/session-storage";
import {
  type LoadProfile,
  type StoredSessionUser,
  type UserProfile,
} from "../features/session/types";
import { NavIndicatorsProvider } from "../lib/nav-indicators";

export const TEST_USER: StoredSessionUser = {
  accessKey: "ak_test_0001",
  secretKey: "sk_test_secret",
  email: "lea.martin@example.com",
};

export const TEST_PROFILE: UserProfile = {
  email: "lea.martin@example.com",
  profilePictureUrl: null,
  firstname: "Léa",
  lastname: "Martin",
  team: { name: "Atelier Martin", rolePermissions: [{ action: "manage", subject: "all" }] },
};

export interface RenderAppOptions {
  path?: string;
  /** The language the browser asks for (stored as the detector's cached choice). */
  language?: Language;
  /** Stores this user before the app starts. */
  user?: StoredSessionUser | null;
  loadProfile?: LoadProfile;
  inboxPending?: boolean;
  routes?: RouteObject[];
}

/** Renders the web app on a memory router, with the real providers, as the browser would run it. */
export function renderApp({
  path = "/",
  language = "en",
  user = TEST_USER,
  loadProfile,
  inboxPending = false,
  routes = createAppRoutes(),
}: RenderAppOptions = {}) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (user) writeStoredUser(user);
  const i18n = createBrowserI18n();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient} loadProfile={loadProfile}>
      <NavIndicatorsProvider value={{ inboxPending }}>
        <RouterProvider router={router} />
      </NavIndicatorsProvider>
    </AppProviders>,
  );
  return { ...view, router, i18n, queryClient, user: userEvent.setup() };
}

/** A profile loader answering `profile` (the later identity issue provides the real one). */
export function profileLoader(profile: UserProfile = TEST_PROFILE) {
  return vi.fn<LoadProfile>(async () => profile);
}

/** Makes `useMediaQuery` see a desktop (≥ 1024 px) or a phone. */
export function setViewport(kind: "desktop" | "mobile") {
  vi.stubGlobal(
    "matchMedia",
    (query: string): MediaQueryList =>
      ({
        matches: kind === "desktop" && /min-width:\s*1024px/.test(query),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
