import { pino, stdSerializers, type DestinationStream, type Logger } from "pino";
import type { Config } from "./config";
import { activeTraceIds } from "./telemetry/tracing";

export type { Logger } from "pino";

/** The fields of a database error that name things, never data (SQLSTATE and schema names). */
const DATABASE_ERROR_NAMES = [
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
] as const;

/**
 * Whether `error` comes from the database driver: PGlite attaches the SQL text and its parameter
 * values (`query`, `params`), and both PGlite and node-postgres give a SQLSTATE `code` (five
 * characters) with a `severity`.
 */
export function isDatabaseError(error: unknown): error is Error & Record<string, unknown> {
  if (!(error instanceof Error)) return false;
  const fields = error as Error & Record<string, unknown>;
  if ("query" in fields || "params" in fields) return true;
  return (
    typeof fields.code === "string" &&
    /^[0-9A-Z]{5}$/.test(fields.code) &&
    typeof fields.severity === "string"
  );
}

/**
 * A database error's message with its quoted values censored: `invalid input syntax for type
 * uuid: "ada@example.com"` becomes `... uuid: "***"`. Names it quotes (constraints, columns) are
 * kept in the error's own fields.
 */
function censorDatabaseMessage(message: string): string {
  return message.replace(/"[^"]*"/g, '"***"').replace(/'[^']*'/g, "'***'");
}

/**
 * An error as it may be logged or stored: a database error keeps its class, SQLSTATE, severity,
 * the names of the schema, table, column, type and constraint, its stack and its message with
 * quoted values censored; never the SQL text, the parameter values, `detail`, `where`,
 * `internalQuery` or `hint`, which quote the rows (emails, names). Its `cause` is redacted too.
 * Any other value is answered unchanged.
 */
export function redactError(error: unknown): unknown {
  if (!isDatabaseError(error)) return error;
  const message = censorDatabaseMessage(error.message);
  const redacted = new Error(message) as Error & Record<string, unknown>;
  redacted.name = error.name;
  // Only the call sites of the stack: its first lines repeat the message, values included.
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  redacted.stack = [`${error.name}: ${message}`, ...frames].join("\n");
  for (const name of DATABASE_ERROR_NAMES) {
    if (typeof error[name] === "string") redacted[name] = error[name];
  }
  if (error.cause !== undefined) redacted.cause = redactError(error.cause);
  return redacted;
}

/** One line saying why `error` happened, for a job's stored error: redacted as {@link redactError}. */
export function errorReason(error: unknown): string {
  const redacted = redactError(error);
  return redacted instanceof Error ? `${redacted.name}: ${redacted.message}` : String(redacted);
}

/**
 * The api's pino logger: JSON lines on stdout (or `destination`). Values that look like secrets are
 * redacted wherever they appear in a logged object, as a second line of defence: code must not log
 * secrets in the first place. An error logged as `err` goes through {@link redactError}, so a
 * database error never writes its SQL, its parameters or the row values it quotes.
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
    serializers: { err: (error: unknown) => stdSerializers.err(redactError(error) as Error) },
    // With tracing, a line written in a span names its trace and span (nothing otherwise).
    mixin: activeTraceIds,
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
