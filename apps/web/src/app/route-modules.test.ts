import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { firstPageModules, type RouteModuleName } from "./route-modules";
import { createAppRoutes, type PageLazy } from "./router";

/** An address of a page of `pattern`, its parameters filled in. */
function sample(pattern: string): string {
  return pattern.replace(/:\w+/g, (parameter) => `x-${parameter.slice(1)}`);
}

/** The route modules the router loads for `pathname` (its matched routes' lazy modules, in order). */
function routerModules(pathname: string): RouteModuleName[] {
  const matches = matchRoutes(createAppRoutes(), pathname) ?? [];
  return matches.flatMap(({ route }) => {
    const lazy = route.lazy as PageLazy | undefined;
    return typeof lazy === "function" ? [lazy.routeModule] : [];
  });
}

/** Every page path of the router (its lazy leaves), written as full patterns. */
function routerPatterns(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
    if (route.children) return routerPatterns(route.children, path);
    return typeof route.lazy === "function" && route.path !== "*" ? [path || "/"] : [];
  });
}

describe("the first page's route modules", () => {
  const patterns = routerPatterns(createAppRoutes());

  it("are, for every page of the router, the modules the router loads", () => {
    expect(patterns.length).toBeGreaterThan(40);
    for (const pattern of patterns) {
      const modules = routerModules(sample(pattern));
      expect(modules.length, pattern).toBeGreaterThan(0);
      expect(firstPageModules(sample(pattern), true), pattern).toEqual(modules);
    }
  });

  it("prefer a fixed segment to a parameter, and the earlier of two equal paths, as the router", () => {
    for (const address of [
      "/envelopes/import",
      "/envelopes/tag/all",
      "/envelopes/x/all",
      "/templates/tag/all",
      "/contacts/new",
      "/contacts/import",
      "/settings/members/pending",
      "/settings/workspaces/x/members",
    ]) {
      expect(firstPageModules(address, true), address).toEqual(routerModules(address));
    }
  });

  it("are the redirect's target's for /settings", () => {
    expect(firstPageModules("/settings", true)).toEqual(routerModules("/settings/profile"));
  });

  it("are the not-found page's for an address the app does not know", () => {
    expect(routerModules("/no/such/page")).toEqual(["notFound"]);
    expect(firstPageModules("/no/such/page", true)).toEqual(["notFound"]);
    expect(firstPageModules("/settings/nothing-here", true)).toEqual(
      routerModules("/settings/nothing-here"),
    );
  });

  it("match fixed segments in any case and ignore a trailing slash, as the router does", () => {
    expect(firstPageModules("/LOGIN/", false)).toEqual(routerModules("/LOGIN/"));
    expect(firstPageModules("/Envelopes/import", true)).toEqual(routerModules("/Envelopes/import"));
  });

  it("are the login page's for a members' page without a stored user (the guard sends there)", () => {
    expect(firstPageModules("/", false)).toEqual(["login"]);
    expect(firstPageModules("/settings/profile", false)).toEqual(["login"]);
    expect(firstPageModules("/accept-team-invite", false)).toEqual(["acceptTeamInvite"]);
  });
});
