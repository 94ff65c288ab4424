import { SpanKind, trace } from "@opentelemetry/api";
import type { LogEvent } from "kysely";
import { recordFailure, tracer, tracingEnabled } from "./tracing";

/** Longest statement text a span keeps. */
const MAX_STATEMENT_LENGTH = 2000;

/**
 * Kysely's `log` option when tracing is on: each query run inside a traced request or job becomes
 * a client span (`db SELECT`, ...) with its statement as compiled, placeholders (`$1`) in place of
 * the values, which never reach the span. Queries outside any span (the job worker's polling) make
 * none. Without tracing: no option, and Kysely measures nothing.
 */
export function queryTracing(): { log?: (event: LogEvent) => void } {
  if (!tracingEnabled()) return {};
  return {
    log(event) {
      if (trace.getActiveSpan() === undefined) return;
      const end = Date.now();
      const statement = event.query.sql.replace(/\s+/g, " ").trim();
      const operation = /^[a-z]+/i.exec(statement)?.[0]?.toUpperCase() ?? "QUERY";
      const span = tracer.startSpan(`db ${operation}`, {
        kind: SpanKind.CLIENT,
        startTime: end - event.queryDurationMillis,
        attributes: {
          "db.system.name": "postgresql",
          "db.operation.name": operation,
          "db.query.text": statement.slice(0, MAX_STATEMENT_LENGTH),
        },
      });
      if (event.level === "error") recordFailure(span, event.error);
      span.end(end);
    },
  };
}
