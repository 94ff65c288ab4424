// Browser telemetry (README "Telemetry"): part of the first load, so only what decides whether to
// load Faro at all and the api client's trace context; Faro and its configuration are a chunk of
// their own (`start-telemetry.ts`), asked for in an idle moment after the first paint, and only on
// the production host of a build with a collector.

let traceparentSource: (() => string) | undefined;

/** The W3C trace context of an api call (`createApiClient`'s `traceparent`): none until telemetry runs. */
export const telemetryTraceparent = (): string | undefined => traceparentSource?.();

/** After the first paint: loads and starts Faro when the page is on the production host. */
export function startTelemetryWhenIdle(): void {
  const url = import.meta.env.VITE_TELEMETRY_URL;
  const host = import.meta.env.VITE_TELEMETRY_HOST;
  if (!url || !host || window.location.host !== host) return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  whenIdle(() => {
    import("./start-telemetry")
      .then(({ startTelemetry }) => {
        traceparentSource =
          startTelemetry({
            app: {
              name: "paraphe-sign",
              version: import.meta.env.PARAPHE_APP_VERSION ?? "0.0.0",
              environment: import.meta.env.MODE,
            },
            url,
            host,
          }) ?? undefined;
      })
      // No telemetry is no reason to disturb the page (nor to reload it).
      .catch(() => undefined);
  });
}
