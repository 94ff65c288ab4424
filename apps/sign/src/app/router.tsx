import { type RouteObject } from "react-router";
import { NotFoundRoute } from "../routes/not-found";
import { RouteError } from "../routes/route-error";

/**
 * The routes of the signing app. /sign/{envelopeUuid} and /confirmation come with the envelopes
 * issue; until then every path is not found.
 */
export function createSignRoutes(): RouteObject[] {
  return [{ path: "*", element: <NotFoundRoute />, errorElement: <RouteError /> }];
}
