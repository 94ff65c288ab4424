import type { ErrorCode } from "@paraphe/api-sdk/contract";
import type { Hono } from "hono";
import type { Caller } from "../auth/caller";
import type { Logger } from "../logger";
import type { RequestTelemetry } from "../telemetry/request-telemetry";

/** The Hono environment of the api: what middleware puts on the context of each request. */
export interface AppEnv {
  Variables: {
    /** The request id (incoming `X-Request-Id` when sane, otherwise a fresh UUID). */
    requestId: string;
    /** The logger of this request: every line carries the request id. */
    logger: Logger;
    /** Set when the answer is an error, for the access log. */
    errorCode?: ErrorCode;
    /** Who signed the call (set by the request-signature check of sealed calls). */
    caller?: Caller;
    /** The client's IP address (set by `clientAddress`; `TRUSTED_PROXIES` decide X-Forwarded-For). */
    clientIp?: string | null;
    /** The request's metrics and trace state (set by `requestTelemetry`). */
    telemetry?: RequestTelemetry;
  };
}

/** The api's Hono app, on which every route registers. */
export type AppRouter = Hono<AppEnv>;
