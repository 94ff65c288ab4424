import { z } from "zod";
import { httpUrl, oneOf, port } from "./values";
import { variable } from "./variable";

/** Log levels pino understands. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** What the api tells its operator: logs, Prometheus metrics, OpenTelemetry traces. */
export const observabilityVariables = {
  LOG_LEVEL: variable({
    key: "logLevel",
    description: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.",
    default: "info",
    parse: oneOf(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(", ")}`),
  }),
  METRICS_PORT: variable({
    key: "metricsPort",
    description:
      "Port of the Prometheus metrics listener (`/metrics`: requests by route and status, tunnel sessions, job queue, seals, mail, webhooks; no personal data in labels), apart from the api's. Unset: no metrics listener.",
    parse: port(),
  }),
  METRICS_HOST: variable({
    key: "metricsHost",
    description:
      "Interface the metrics listener binds to. Keep the loopback default unless the scraper runs on another machine of a private network.",
    default: "127.0.0.1",
    parse: z.string().min(1),
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: variable({
    key: "otlpEndpoint",
    description:
      "OpenTelemetry collector's OTLP/HTTP base address (`http://127.0.0.1:4318`): traces of requests (tunnelled calls by route), database queries (statements without their values), jobs and document work are sent to `<address>/v1/traces` as JSON. Unset: no tracing at all.",
    parse: httpUrl("http://127.0.0.1:4318"),
  }),
};
