import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from "@opentelemetry/api";

/*
 * The api's traces: OpenTelemetry's API everywhere, its Node SDK loaded only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (`startTracing`). Without it nothing is loaded and nothing is
 * recorded: `tracingEnabled()` is false and the helpers below run their work as it is.
 */

/** The api's tracer (a no-op one until `startTracing` registers the SDK). */
export const tracer = trace.getTracer("@paraphe/api");

let enabled = false;

/** Whether spans are recorded and exported (`startTracing` ran). */
export function tracingEnabled(): boolean {
  return enabled;
}

export interface Tracing {
  /** Sends the spans ended so far and still buffered. */
  flush(): Promise<void>;
  /** Sends the spans still buffered, then stops tracing. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing: the Node SDK's tracer provider (the async-hooks context manager, the W3C trace
 * context propagator) with a batch processor that exports over OTLP/HTTP, as JSON, to
 * `<endpoint>/v1/traces`. The SDK is imported here only, so that a process without an endpoint
 * never loads it.
 */
export async function startTracing(options: {
  endpoint: string;
  serviceName?: string;
  environment?: string;
}): Promise<Tracing> {
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  const exporter = new OTLPTraceExporter({
    url: `${options.endpoint.replace(/\/+$/, "")}/v1/traces`,
  });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      "service.name": options.serviceName ?? "paraphe-api",
      ...(options.environment === undefined
        ? {}
        : { "deployment.environment.name": options.environment }),
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  provider.register();
  enabled = true;
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      enabled = false;
      try {
        await provider.shutdown();
      } finally {
        // So that another start in this process (tests) registers afresh.
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
}

/**
 * Runs `work` in a span of its own, a child of the active one (a job, a document task): the span
 * records an exception and an error status when `work` throws. Without tracing, runs `work` alone.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  if (!enabled) return work();
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      recordFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks `span` failed by `error` (its class and message: no SQL text or values, see the logger). */
export function recordFailure(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.name : "error",
  });
  if (error instanceof Error) span.setAttribute("error.type", error.name);
}

/**
 * Starts the server span of a request, `startTime` being when it arrived: a child of the trace
 * named by `traceparent` (W3C) when given and valid, otherwise the root of a new trace. Answers
 * the span and the context to run the request's work in; undefined without tracing.
 */
export function startRequestSpan(
  method: string,
  traceparent: string | undefined,
  startTime: number,
): { span: Span; context: Context } | undefined {
  if (!enabled) return undefined;
  const parent =
    traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, { traceparent });
  const span = tracer.startSpan(
    method,
    {
      kind: SpanKind.SERVER,
      startTime,
      attributes: { "http.request.method": method },
    },
    parent,
  );
  return { span, context: trace.setSpan(parent, span) };
}

/** The trace and span ids of the active span, for log lines; empty outside a recorded span. */
export function activeTraceIds(): { traceId?: string; spanId?: string } {
  if (!enabled) return {};
  const span = trace.getActiveSpan();
  if (span === undefined || !span.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}
