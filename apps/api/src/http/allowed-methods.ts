import type { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";

/**
 * For the 405 answer: the methods that have a route matching a path. Built once, on first use, from
 * the app's routes (middleware, registered for every method, is left out).
 */
export function allowedMethodsFinder(app: Pick<Hono, "routes">): (path: string) => string[] {
  let built: { router: TrieRouter<string>; methods: string[] } | undefined;
  return (path) => {
    if (built === undefined) {
      const router = new TrieRouter<string>();
      const methods = new Set<string>();
      for (const route of app.routes) {
        if (route.method === "ALL") continue;
        router.add(route.method, route.path, route.method);
        methods.add(route.method);
      }
      built = { router, methods: [...methods] };
    }
    const { router, methods } = built;
    const allowed = methods.filter((method) => router.match(method, path)[0].length > 0);
    if (allowed.includes("GET") && !allowed.includes("HEAD")) allowed.push("HEAD");
    return allowed;
  };
}
