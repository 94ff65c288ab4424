import { HeaderName } from "@paraphe/api-sdk/contract";
import { Hono, type Context } from "hono";
import { requestId } from "hono/request-id";
import { servesDevMailbox } from "./config";
import type { AppDeps } from "./deps";
import { AppError } from "./errors/app-error";
import { accessLog } from "./http/access-log";
import { allowedMethodsFinder } from "./http/allowed-methods";
import type { AppEnv, AppRouter } from "./http/context";
import { sendError, toAppError } from "./http/error-response";
import { API_SECURITY_HEADERS, responseHeaders } from "./http/response-headers";
import { clientAddress } from "./identity/client-info";
import { redactError } from "./logger";
import { registerDevMailbox } from "./routes/dev/mailbox";
import { registerApiDocs } from "./routes/docs/api";
import { registerErrorDocs } from "./routes/docs/errors";
import { registerOpenApiDocument } from "./routes/docs/openapi";
import { openApiDocumentSource } from "./routes/docs/openapi-document";
import { registerHealth } from "./routes/health";
import { registerReady } from "./routes/ready";
import { registerPublicAvatars } from "./routes/public/avatars";
import { registerPublicTeamLogos } from "./routes/public/team-logos";
import { registerPublicFrameAncestors } from "./routes/public/frame-ancestors";
import { registerRoutes } from "./routes/register-routes";
import { registerTunnelRoutes } from "./tunnel/routes";
import { isPublicPath, registerSealedRequests } from "./tunnel/sealed-requests";
import { requestTelemetry } from "./telemetry/request-telemetry";

/** Request headers the web and signing apps may send cross-origin (spec §7 request signing, tunnel). */
export const CORS_ALLOWED_HEADERS = [
  "Content-Type",
  "Accept-Language",
  "Authorization",
  "Signature",
  "Signature-Input",
  "Content-Digest",
  "Digest",
  "X-Timestamp",
  HeaderName.sessionId,
  HeaderName.requestId,
];

/**
 * Builds the api without listening: the server serves `app.fetch`, tests call `app.request(...)`.
 * Public routes (health, readiness, error and API documentation, the OpenAPI document, development mailbox,
 * tunnel handshake, attestation reference values) come before the tunnel middleware; every route registered after it, here or
 * by the caller, takes sealed requests only and answers sealed.
 */
export function createApp(deps: AppDeps): AppRouter {
  const { config, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: HeaderName.requestId, limitLength: 128 }));
  // Metrics and the request's span: first, so that they cover everything below.
  app.use(requestTelemetry(isPublicPath));
  app.use(clientAddress(config.trustedProxies));
  app.use(accessLog(logger));
  app.use(
    responseHeaders({
      cors: {
        origins: [
          new URL(config.webUrl).origin,
          new URL(config.signUrl).origin,
          ...config.corsOrigins,
        ],
        allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        allowHeaders: CORS_ALLOWED_HEADERS,
        exposeHeaders: [HeaderName.requestId, HeaderName.sessionId, HeaderName.encryptedResponse],
        maxAgeSeconds: 600,
      },
      // Pages that need more (the development mailbox, the error documentation) set their own CSP.
      security: API_SECURITY_HEADERS,
      requestIdHeader: HeaderName.requestId,
    }),
  );

  const handleError = (thrown: unknown, c: Context<AppEnv>): Response => {
    const error = toAppError(thrown);
    if (error.status >= 500) {
      // A database error's SQL, parameters and quoted values stay out of the log.
      (c.get("logger") ?? logger).error(
        { err: redactError(thrown), code: error.code },
        "request failed",
      );
    }
    return sendError(c, error, config.publicApiUrl);
  };

  registerHealth(app, deps);
  registerReady(app, deps);
  registerErrorDocs(app);
  const openApiDocument = openApiDocumentSource(config.publicApiUrl);
  registerOpenApiDocument(app, openApiDocument);
  registerApiDocs(app, openApiDocument);
  if (servesDevMailbox(config)) registerDevMailbox(app, deps);
  registerTunnelRoutes(app, deps.tunnel);
  registerPublicAvatars(app, deps);
  registerPublicTeamLogos(app, deps);
  registerPublicFrameAncestors(app, { db: deps.db, now: deps.tunnel.now });
  registerSealedRequests(app, { tunnel: deps.tunnel, handleError });
  // Routes registered from here on are sealed.
  registerRoutes(app, deps);

  const allowedMethods = allowedMethodsFinder(app);
  app.notFound((c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) {
      return sendError(
        c,
        new AppError("METHOD_NOT_ALLOWED", {
          message: `${c.req.method} is not allowed on ${c.req.path}.`,
          suggestion: `Use ${allowed.join(", ")}.`,
          headers: { Allow: allowed.join(", ") },
        }),
        config.publicApiUrl,
      );
    }
    return sendError(
      c,
      new AppError("NOT_FOUND", { message: `Nothing is found at ${c.req.method} ${c.req.path}.` }),
      config.publicApiUrl,
    );
  });

  app.onError(handleError);

  return app;
}
