import { FetchTransport, getWebInstrumentations, initializeFaro } from "@grafana/faro-web-sdk";
import { startFaro, type TelemetrySettings } from "@paraphe/ui-kit/telemetry";

/**
 * Starts Grafana Faro's Web SDK with the shared configuration (`@paraphe/ui-kit/telemetry`): null,
 * and nothing started, off the production host or without a collector; otherwise the api client's
 * trace contexts.
 */
export function startTelemetry(
  settings: TelemetrySettings,
  page: { host: string; userAgent: string } = {
    host: window.location.host,
    userAgent: navigator.userAgent,
  },
): (() => string) | null {
  return startFaro({ initializeFaro, getWebInstrumentations, FetchTransport }, settings, page);
}
