import { type ComponentType } from "react";
import { Navigate, Outlet, type LazyRouteFunction, type RouteObject } from "react-router";
import { RouteError } from "../routes/route-error";
import { RequireSession } from "./session/components/require-session";
import type * as QueryScopeModule from "./query-scope";
import { RouteLoading } from "./route-loading";
import {
  MEMBER_LAYOUT,
  MEMBER_PAGES,
  NOT_FOUND_PAGE,
  PUBLIC_PAGES,
  pageComponent,
  routeModules,
  type PageEntry,
  type RouteEntry,
  type RouteModuleName,
} from "./route-modules";

/** The lazy function of a route, with the name of the route module it loads (see `routeModules`). */
export type PageLazy = LazyRouteFunction<RouteObject> & { routeModule: RouteModuleName };

/**
 * A lazy route whose module (`routeModules[entry.module]`, which the entry also asks for when the
 * first page is this route's) is loaded on demand and renders its `entry.component`. When the
 * module's chunk fails to load, Vite's preload helper tells the page's chunk-load guard, which
 * reloads the page and lets the helper resolve with nothing: the route then waits for the reload
 * instead of failing. A failure the guard does not take (its reload limit reached) rejects, and the
 * root's error element shows the give-up message. A `scoped` page comes with the app's query client
 * (`query-scope.tsx`, asked for with the page's module).
 */
function page(entry: PageEntry, scoped: boolean): PageLazy {
  const lazy = async () => {
    const load = routeModules[entry.module] as () => Promise<
      Record<string, ComponentType> | undefined
    >;
    const [module, scope] = await Promise.all([
      load(),
      scoped
        ? (import("./query-scope") as Promise<typeof QueryScopeModule | undefined>)
        : Promise.resolve(null),
    ]);
    if (module === undefined || scope === undefined) return new Promise<never>(() => {});
    const Component = module[pageComponent(entry)];
    return { Component: Component && scope ? scope.withQueryScope(Component) : Component };
  };
  return Object.assign(lazy, { routeModule: entry.module });
}

/**
 * The router's route of an entry of the route tables (`route-modules.ts`). A top-level page (a
 * public page, the members' layout, the not-found page) renders under the app's query client
 * (`QueryScope`, downloaded with the page), unless it uses none (`queries: false`); the pages
 * inside it share it.
 */
function route(entry: RouteEntry, topLevel = false): RouteObject {
  if ("redirect" in entry)
    return { index: true, element: <Navigate to={entry.redirect} replace /> };
  const lazy = page(entry, topLevel && entry.queries !== false);
  if (entry.index) return { index: true, lazy };
  return { path: entry.path, lazy, children: entry.children?.map((child) => route(child)) };
}

/** A top-level route (see `route`). */
const topLevelRoute = (entry: RouteEntry) => route(entry, true);

/**
 * The routes of the web app (the tables of `route-modules.ts`): the public identity pages (login,
 * passkey offer, team onboarding), the guarded layout with the dashboard, and the not-found page
 * for every other path.
 *
 * Every page and the members' layout is a lazy route module (a chunk of its own, with the feature
 * code and libraries only it uses), loaded when a navigation reaches it: the first load holds only
 * the router, the session guard and the error page. A chunk that fails to load (a tab opened before
 * a deployment) reaches the root's error element, which hands it to the chunk-load guard: the page
 * reloads (spec §9).
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      // Shown while the first page's code loads (the route modules are loaded on demand).
      hydrateFallbackElement: <RouteLoading />,
      children: [
        ...PUBLIC_PAGES.map(topLevelRoute),
        {
          element: <RequireSession />,
          children: [
            {
              lazy: page(MEMBER_LAYOUT, true),
              children: MEMBER_PAGES.map((entry) => route(entry)),
            },
          ],
        },
        topLevelRoute(NOT_FOUND_PAGE),
      ],
    },
  ];
}
