import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

/** Which browser origins may call the api, and what they may send and read (CORS). */
export interface CorsPolicy {
  /** Exact origins (`https://app.example.com`): the web and signing apps, `CORS_ORIGINS`. */
  origins: readonly string[];
  allowMethods: readonly string[];
  allowHeaders: readonly string[];
  exposeHeaders: readonly string[];
  /** How long a browser may keep a preflight answer. */
  maxAgeSeconds: number;
}

export interface ResponseHeadersOptions {
  cors: CorsPolicy;
  /** Headers every answer carries unless the route set its own (a page with its own CSP). */
  security: readonly (readonly [name: string, value: string])[];
  /** The header that carries the request id (set by the request-id middleware before this one). */
  requestIdHeader: string;
}

/**
 * The api's security headers: nothing may be framed, embedded or loaded from an answer by default;
 * pages that need more (the development mailbox, the error documentation) set their own
 * Content-Security-Policy, which is kept.
 */
export const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", "no-referrer"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "DENY"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/**
 * Whether `headers` may be changed in place. The Fetch standard makes `delete` throw on immutable
 * headers (a `Response.redirect`, an answer of `fetch`) whether or not the name is present.
 */
export function headersMayChange(headers: Headers): boolean {
  try {
    headers.delete("X-Paraphe-Mutable-Probe");
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * The headers of the answer in `c.res`, editable: its own when they may be changed (every answer
 * the api builds), otherwise those of a copy of the answer put in `c.res` in its place.
 */
export function editableResponseHeaders(c: Context<AppEnv>): Headers {
  const answer = c.res;
  if (headersMayChange(answer.headers)) return answer.headers;
  const copy = new Response(answer.body, answer);
  // Cleared first so that Hono does not merge the old answer into the copy.
  c.res = undefined;
  c.res = copy;
  return copy.headers;
}

/**
 * One middleware for the headers of every answer: CORS (the answer to a preflight, and on every
 * other answer the allowed origin, credentials and the exposed headers, with `Vary: Origin`), the
 * request id, and the security headers (kept where the route set its own; `X-Powered-By` removed).
 *
 * The header values are computed once, here; per request, the Origin is looked up in a set and the
 * headers are written once into the answer's own headers after the route ran, errors, 404 and 405
 * included. Nothing is set on `c.res` before the route runs, so Hono never rebuilds the route's
 * answer to merge headers into it (a copy of the answer and of its headers, and a body turned into
 * a stream, per call).
 *
 * A preflight (any OPTIONS request) is answered 204 here, with the CORS headers and the request id,
 * and no route runs.
 */
export function responseHeaders(options: ResponseHeadersOptions): MiddlewareHandler<AppEnv> {
  const origins = new Set(options.cors.origins);
  const allowMethods = options.cors.allowMethods.join(",");
  const allowHeaders = options.cors.allowHeaders.join(",");
  const exposeHeaders = options.cors.exposeHeaders.join(",");
  const maxAge = String(options.cors.maxAgeSeconds);
  const security = options.security.map(([name, value]) => [name.toLowerCase(), value] as const);
  const { requestIdHeader } = options;

  const corsHeaders = (headers: Headers, origin: string | undefined): void => {
    if (origin !== undefined && origins.has(origin)) {
      headers.set("Access-Control-Allow-Origin", origin);
    }
    headers.set("Access-Control-Allow-Credentials", "true");
    headers.set("Access-Control-Expose-Headers", exposeHeaders);
    headers.append("Vary", "Origin");
  };

  return async (c, next) => {
    const origin = c.req.header("Origin");
    if (c.req.method === "OPTIONS") {
      const headers = new Headers();
      headers.set(requestIdHeader, c.get("requestId"));
      corsHeaders(headers, origin);
      headers.set("Access-Control-Max-Age", maxAge);
      headers.set("Access-Control-Allow-Methods", allowMethods);
      headers.set("Access-Control-Allow-Headers", allowHeaders);
      headers.append("Vary", "Access-Control-Request-Headers");
      return new Response(null, { status: 204, statusText: "No Content", headers });
    }

    await next();

    const headers = editableResponseHeaders(c);
    headers.set(requestIdHeader, c.get("requestId"));
    corsHeaders(headers, origin);
    for (const [name, value] of security) {
      if (!headers.has(name)) headers.set(name, value);
    }
    headers.delete("X-Powered-By");
  };
}
