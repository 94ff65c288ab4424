import { createBrowserI18n, LANGUAGE_STORAGE_KEY, type Language } from "@paraphe/i18n";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../app/providers";
import { createQueryClient } from "../app/query-client";
import { createAppRoutes } from "../app/router";
import { writeStoredUser } from "../app/session/session-storage";
import { leaveOnAuthenticationError } from "../lib/api/authentication-error";
import { type LoadProfile, type StoredSessionUser, type UserProfile } from "../app/session/types";
import { NavIndicatorsProvider } from "../layouts/app-layout/nav-indicators";
import { createTestApi, TEST_CREDENTIAL, TEST_PROFILE, type Handlers } from "./api";

/** Loads every lazy route module of `routes` (the module system keeps them for the router). */
async function loadRouteModules(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === "function") await route.lazy();
      await loadRouteModules(route.children ?? []);
    }),
  );
}

// The app's routes are lazy modules. They are loaded once, when a test file imports this harness
// (as they were before the routes became lazy), so that a test's waits measure the page, not the
// first transform of its module.
await loadRouteModules(createAppRoutes());

export const TEST_USER: StoredSessionUser = TEST_CREDENTIAL;
export { TEST_PROFILE };

export interface RenderAppOptions {
  path?: string;
  /** The language the browser asks for (stored as the detector's cached choice). */
  language?: Language;
  /** Stores this user before the app starts. */
  user?: StoredSessionUser | null;
  /** Replaces the api's profile call (the app's own call goes to the test api otherwise). */
  loadProfile?: LoadProfile;
  /** Handlers of the test api, over the default ones (src/test/api). */
  handlers?: Handlers;
  /** Fixes the inbox dot; without it the dot follows the test api's request list. */
  inboxPending?: boolean;
  routes?: RouteObject[];
  /**
   * Wires the api client as the app does: a member call answered 401 AUTHENTICATION_ERROR removes
   * the stored user and leaves for /login (spec §8). Off: such calls only fail.
   */
  leaveOnAuthenticationError?: boolean;
}

/** Renders the web app on a memory router, with the real providers and api client over a test api. */
export function renderApp({
  path = "/",
  language = "en",
  user = TEST_USER,
  loadProfile,
  handlers,
  inboxPending,
  routes = createAppRoutes(),
  leaveOnAuthenticationError: leaves = false,
}: RenderAppOptions = {}) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (user) writeStoredUser(user);
  const i18n = createBrowserI18n();
  const testApi = createTestApi(handlers, () => {
    if (!leaves) return;
    leaveOnAuthenticationError({
      pathname: () => router.state.location.pathname,
      navigate: (to) => void router.navigate(to, { replace: true }),
    });
  });
  const queryClient = createQueryClient(testApi.api.tunnel);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders
      i18n={i18n}
      queryClient={queryClient}
      api={testApi.api}
      {...(loadProfile ? { loadProfile } : {})}
    >
      {inboxPending === undefined ? (
        <RouterProvider router={router} />
      ) : (
        <NavIndicatorsProvider value={{ inboxPending }}>
          <RouterProvider router={router} />
        </NavIndicatorsProvider>
      )}
    </AppProviders>,
  );
  return {
    ...view,
    router,
    i18n,
    queryClient,
    server: testApi.server,
    api: testApi.api,
    user: userEvent.setup(),
  };
}

/** A profile loader answering `profile` without the api. */
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
