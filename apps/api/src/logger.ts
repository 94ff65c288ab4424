import { pino, type DestinationStream, type Logger } from "pino";
import type { Config } from "./config";

export type { Logger } from "pino";

/**
 * The api's pino logger: JSON lines on stdout (or `destination`). Values that look like secrets are
 * redacted wherever they appear in a logged object, as a second line of defence: code must not log
 * secrets in the first place.
 */
export function createLogger(
  config: Pick<Config, "logLevel">,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    base: { service: "paraphe-api" },
    redact: {
      paths: [
        "password",
        "*.password",
        "secret",
        "*.secret",
        "secretKey",
        "*.secretKey",
        "authorization",
        "*.authorization",
        "cookie",
        "*.cookie",
      ],
      censor: "***",
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
