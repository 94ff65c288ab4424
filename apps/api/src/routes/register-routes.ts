import { endpoints, type Endpoint } from "@paraphe/api-sdk/contract";
import { guardDeps, type AppDeps } from "../deps";
import type { AppRouter } from "../http/context";
import { validateJson } from "../http/validate";
import { grantOf, type EndpointHandler, type GuardDeps } from "./endpoint-handler";
import { routeTable, type RouteTable } from "./route-table";

/** One bound endpoint: where the contract names it, and the handler its row gives. */
export interface BoundEndpoint {
  id: string;
  endpoint: Endpoint;
  handler: EndpointHandler;
}

/**
 * The rows of `table`, in the contract's order, each checked against the contract: an endpoint
 * without a row, a row the contract does not name, or a row bound to another endpoint's handler
 * throws (the api does not start half-bound).
 */
export function boundEndpoints(
  table: RouteTable = routeTable,
  contract: Record<string, Record<string, Endpoint>> = endpoints,
): BoundEndpoint[] {
  const rows = table as unknown as Record<string, Record<string, EndpointHandler | undefined>>;
  const problems: string[] = [];
  const bound: BoundEndpoint[] = [];
  for (const [group, members] of Object.entries(contract)) {
    for (const [name, endpoint] of Object.entries(members)) {
      const handler = rows[group]?.[name];
      if (handler === undefined)
        problems.push(`${group}.${name} (${endpoint.path}) has no handler`);
      else if (handler.endpoint !== endpoint) {
        problems.push(`${group}.${name} is bound to the handler of ${handler.endpoint.path}`);
      } else bound.push({ id: `${group}.${name}`, endpoint, handler });
    }
  }
  for (const [group, members] of Object.entries(rows)) {
    for (const name of Object.keys(members)) {
      if (contract[group]?.[name] === undefined) {
        problems.push(`${group}.${name} is bound but the contract has no such endpoint`);
      }
    }
  }
  if (problems.length > 0)
    throw new Error(`The route table disagrees with the contract:\n${problems.join("\n")}`);
  return bound;
}

/**
 * The sealed routes of the api: `POST {path}` for every endpoint of the contract, bound from the
 * route table. Registered after the tunnel middleware, so each takes sealed, signed requests only.
 * Each route validates the body against the contract, resolves the caller's credential once
 * (`grantOf`: the session, the member, or the API key's member), calls the handler, and answers
 * what the contract's response schema makes of its result.
 */
export function registerRoutes(
  app: AppRouter,
  deps: AppDeps,
  table: RouteTable = routeTable,
): void {
  const guards: GuardDeps = guardDeps(deps);
  for (const { endpoint, handler } of boundEndpoints(table)) {
    const handlerDeps = handler.deps(deps);
    app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
      const input: unknown = c.req.valid("json");
      const grant = await grantOf(handler.credential, guards, c, input);
      const answer = await handler.handle({ ...grant, input, deps: handlerDeps, c });
      return c.json(endpoint.response.parse(answer));
    });
  }
}
