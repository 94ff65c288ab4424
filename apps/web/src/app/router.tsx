import { type ComponentType } from "react";
import { Navigate, Outlet, type LazyRouteFunction, type RouteObject } from "react-router";
import { RouteError } from "../routes/route-error";
import { RequireSession } from "./session/components/require-session";
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
 * root's error element shows the give-up message.
 */
function page(entry: PageEntry): PageLazy {
  const lazy = async () => {
    const load = routeModules[entry.module] as () => Promise<
      Record<string, ComponentType> | undefined
    >;
    const module = await load();
    if (module === undefined) return new Promise<never>(() => {});
    return { Component: module[pageComponent(entry)] };
  };
  return Object.assign(lazy, { routeModule: entry.module });
}

/** The router's route of an entry of the route tables (`route-modules.ts`). */
function route(entry: RouteEntry): RouteObject {
  if ("redirect" in entry)
    return { index: true, element: <Navigate to={entry.redirect} replace /> };
  if (entry.index) return { index: true, lazy: page(entry) };
  return { path: entry.path, lazy: page(entry), children: entry.children?.map(route) };
}

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
        ...PUBLIC_PAGES.map(route),
        {
          element: <RequireSession />,
          children: [{ lazy: page(MEMBER_LAYOUT), children: MEMBER_PAGES.map(route) }],
        },
        route(NOT_FOUND_PAGE),
      ],
    },
  ];
}
