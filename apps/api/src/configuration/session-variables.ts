import { z } from "zod";
import {
  MAX_SESSION_LIFETIME_SECONDS,
  oneOf,
  parseAppCredentials,
  tunnelSeconds,
  wholeNumber,
} from "./values";
import { variable } from "./variable";

/**
 * The app-level credentials of the web and signing apps as built by default (`@paraphe/api-sdk`'s
 * DEFAULT_APP_CREDENTIALS). They ship inside public JavaScript, so they are not secrets: they name
 * the calling app; what a public call may do is decided by what it carries (an access link).
 */
export const DEFAULT_APP_CREDENTIALS =
  "paraphe-web:paraphe-web-app-credential,paraphe-sign:paraphe-sign-app-credential";

/**
 * How long secure-tunnel and sign-in sessions last, where they are kept, and the apps' credentials.
 */
export const sessionVariables = {
  TUNNEL_SESSION_STORE: variable({
    key: "tunnelSessionStore",
    description:
      "Where open secure-tunnel sessions are kept: `memory` (one api process) or `database` (several replicas share them; their keys are encrypted with the master key).",
    default: "memory",
    parse: oneOf(["memory", "database"], "must be memory or database"),
  }),
  TUNNEL_IDLE_TIMEOUT_SECONDS: variable({
    key: "tunnelIdleTimeoutSeconds",
    description:
      "A secure-tunnel session unused for this many seconds is closed; the client opens a new one.",
    default: "1800",
    parse: tunnelSeconds(),
  }),
  TUNNEL_MAX_AGE_SECONDS: variable({
    key: "tunnelMaxAgeSeconds",
    description:
      "A secure-tunnel session is closed this many seconds after it was opened, however busy.",
    default: "43200",
    parse: tunnelSeconds(),
  }),
  SESSION_IDLE_TIMEOUT_SECONDS: variable({
    key: "sessionIdleTimeoutSeconds",
    description:
      "A sign-in session unused for this many seconds has ended: its calls answer AUTHENTICATION_ERROR and the person signs in again (7 days by default).",
    default: "604800",
    parse: wholeNumber(60, MAX_SESSION_LIFETIME_SECONDS),
  }),
  SESSION_MAX_AGE_SECONDS: variable({
    key: "sessionMaxAgeSeconds",
    description:
      "A sign-in session has ended this many seconds after sign-in, however busy (30 days by default; at most 366 days).",
    default: "2592000",
    parse: wholeNumber(60, MAX_SESSION_LIFETIME_SECONDS),
  }),
  APP_CREDENTIALS: variable({
    key: "appCredentials",
    description:
      "App-level credentials accepted on public calls, as `accessKey:secretKey` pairs separated by commas (the web and signing apps are built with `VITE_APP_ACCESS_KEY` and `VITE_APP_SECRET_KEY`). They name the calling app and are not secrets. Unset: the two apps' built-in credentials.",
    default: DEFAULT_APP_CREDENTIALS,
    documentedDefault: null,
    parse: z
      .string()
      .refine((value) => parseAppCredentials(value) !== undefined, {
        message:
          "must be accessKey:secretKey pairs separated by commas, for example web:abc123,sign:def456",
      })
      .transform((value): ReadonlyMap<string, string> => parseAppCredentials(value) ?? new Map()),
  }),
};
