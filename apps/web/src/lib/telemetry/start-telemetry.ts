import { FetchTransport, getWebInstrumentations, initializeFaro } from "@grafana/faro-web-sdk";
import {
  createTraceContext,
  faroConfig,
  faroTransportOptions,
  telemetryEnabled,
  type TelemetrySettings,
} from "@paraphe/ui-kit/telemetry";

/**
 * Starts Grafana Faro's Web SDK (errors, web vitals, the session and its views; no console capture)
 * with the shared configuration, every item redacted before it is sent. Null, and nothing started,
 * off the production host or without a collector. Returns the api client's trace contexts: each
 * call gets a fresh one, recorded as an `api-call` event of that trace, which the api's spans join.
 */
export function startTelemetry(
  settings: TelemetrySettings,
  page: { host: string; userAgent: string } = {
    host: window.location.host,
    userAgent: navigator.userAgent,
  },
): (() => string) | null {
  if (!settings.url || !telemetryEnabled(settings, page)) return null;
  const faro = initializeFaro(
    faroConfig(settings, {
      instrumentations: getWebInstrumentations({ captureConsole: false }),
      transports: [new FetchTransport(faroTransportOptions(settings.url))],
      userAgent: page.userAgent,
    }),
  );
  return () => {
    const context = createTraceContext();
    // Every call is one event (no dedupe of two calls in a row).
    faro.api.pushEvent("api-call", undefined, undefined, {
      skipDedupe: true,
      spanContext: { traceId: context.traceId, spanId: context.spanId },
    });
    return context.traceparent;
  };
}
