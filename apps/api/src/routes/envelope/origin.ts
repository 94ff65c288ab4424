import { USER_AGENT_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import type { Context } from "hono";
import type { RequestOrigin } from "../../envelopes/request-origin";
import type { AppEnv } from "../../http/context";
import { clientIp } from "../../identity/client-info";

/** The IP address and user agent of a call, as the activity log records them. */
export function requestOrigin(c: Context<AppEnv>): RequestOrigin {
  return {
    ip: clientIp(c),
    userAgent: c.req.header("User-Agent")?.slice(0, USER_AGENT_MAX_LENGTH) || null,
  };
}
