import { describe, expect, it } from "vitest";
import { startTelemetry } from "./start-telemetry";
import { startTelemetryWhenIdle, telemetryTraceparent } from "./telemetry";

const settings = {
  app: { name: "paraphe-sign", version: "1.0.0", environment: "production" },
  url: "https://faro.paraphe.example/collect",
  host: "sign.paraphe.example",
};
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe("telemetry", () => {
  it("starts nothing off the production host or without a collector", () => {
    expect(startTelemetry(settings, { host: "localhost:5174", userAgent: CHROME })).toBeNull();
    expect(
      startTelemetry(
        { ...settings, url: undefined },
        { host: "sign.paraphe.example", userAgent: CHROME },
      ),
    ).toBeNull();
  });

  it("gives the api client no trace context while telemetry does not run (a build without a collector)", () => {
    startTelemetryWhenIdle();
    expect(telemetryTraceparent()).toBeUndefined();
  });
});
