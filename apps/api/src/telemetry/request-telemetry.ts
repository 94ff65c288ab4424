import { context, SpanStatusCode, type Span } from "@opentelemetry/api";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { httpRequestDuration, httpRequests } from "./metrics";
import { startRequestSpan, tracingEnabled } from "./tracing";

/** What the request-telemetry middleware keeps on a request's context (`c.get("telemetry")`). */
export interface RequestTelemetry {
  /** When the request arrived (epoch milliseconds). */
  arrivedAt: number;
  /** The request's server span, once started (tracing only). */
  span?: Span;
  /** Its trace id, for the access log. */
  traceId?: string;
  /** Whether the request was opened by the tunnel (a sealed call). */
  tunnelled: boolean;
}

type TelemetryEnv = { Variables: { telemetry?: RequestTelemetry } };

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The pattern of the route that answered (`/envelope/get`, `/public/avatars/:file`), never the
 * path as sent (it may hold a token); `unmatched` when no route did (a 404), so that a scan of
 * random paths does not make a label each.
 */
export function routePattern(c: Context): string {
  const handler = matchedRoutes(c)
    .filter((route) => !(route.method === "ALL" && (route.path === "/*" || route.path === "*")))
    .at(-1);
  return handler?.path ?? "unmatched";
}

/**
 * Counts and times every request by method, route pattern and status (the api route inside the
 * tunnel for sealed calls: their paths are the api's), and, with tracing, gives each one a server
 * span named `METHOD /route/pattern`. A public path's span continues a plaintext `traceparent`
 * header; a sealed call's span is started by the tunnel once the request is opened
 * ({@link runInTunnelledSpan}), from the traceparent sealed inside it. Register it first.
 */
export function requestTelemetry(isPublicPath: (path: string) => boolean): MiddlewareHandler {
  return async (c: Context<TelemetryEnv>, next) => {
    const started = performance.now();
    const state: RequestTelemetry = { arrivedAt: Date.now(), tunnelled: false };
    c.set("telemetry", state);
    const method = METHODS.has(c.req.method) ? c.req.method : "OTHER";
    const request =
      tracingEnabled() && isPublicPath(c.req.path)
        ? startRequestSpan(method, c.req.header("traceparent"), state.arrivedAt)
        : undefined;
    if (request !== undefined) {
      state.span = request.span;
      state.traceId = request.span.spanContext().traceId;
    }
    try {
      if (request === undefined) await next();
      else await context.with(request.context, next);
    } finally {
      const route = routePattern(c);
      const status = String(c.res.status);
      httpRequests.inc({ method, route, status, tunnelled: state.tunnelled ? "1" : "0" });
      httpRequestDuration.observe({ method, route, status }, (performance.now() - started) / 1000);
      // A request refused before it was opened (no session, a malformed frame) gets its span now.
      const span = state.span ?? startRequestSpan(method, undefined, state.arrivedAt)?.span;
      if (span !== undefined) {
        span.updateName(`${method} ${route}`);
        span.setAttributes({
          "http.route": route,
          "http.response.status_code": c.res.status,
          "paraphe.tunnelled": state.tunnelled,
        });
        if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    }
  };
}

/**
 * Runs a sealed call's route in its server span: a child of the trace named by the traceparent
 * that travelled inside the seal (or a new trace), started when the request arrived. Without
 * tracing, runs the route alone.
 */
export async function runInTunnelledSpan(
  c: Context,
  traceparent: string | undefined,
  work: () => Promise<void>,
): Promise<void> {
  const state = (c as Context<TelemetryEnv>).get("telemetry");
  if (state === undefined) return work();
  state.tunnelled = true;
  const method = METHODS.has(c.req.method) ? c.req.method : "OTHER";
  const request = startRequestSpan(method, traceparent, state.arrivedAt);
  if (request === undefined) return work();
  state.span = request.span;
  state.traceId = request.span.spanContext().traceId;
  return context.with(request.context, work);
}
