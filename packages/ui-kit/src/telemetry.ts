// `@paraphe/ui-kit/telemetry`: the browser telemetry's configuration and redaction (Grafana Faro's
// Web SDK, which the apps load themselves after the first paint).
export {
  createTraceContext,
  faroConfig,
  faroTransportOptions,
  type FaroWebSdk,
  isKnownBot,
  redactTelemetryItem,
  redactText,
  redactUrl,
  startFaro,
  TELEMETRY_LIMITS,
  telemetryEnabled,
  type TelemetrySettings,
} from "./telemetry/telemetry-config";
