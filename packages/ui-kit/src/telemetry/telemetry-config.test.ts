import { describe, expect, it, vi } from "vitest";
import {
  createTraceContext,
  faroConfig,
  faroTransportOptions,
  isKnownBot,
  redactTelemetryItem,
  redactText,
  redactUrl,
  startFaro,
  telemetryEnabled,
  type TelemetrySettings,
} from "./telemetry-config";

const settings: TelemetrySettings = {
  app: { name: "paraphe-sign", version: "1.2.3", environment: "production" },
  url: "https://faro.paraphe.example/collect/abc",
  host: "sign.paraphe.example",
};

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe("telemetryEnabled", () => {
  it("is on only on the production host of a build with a collector", () => {
    expect(telemetryEnabled(settings, { host: "sign.paraphe.example" })).toBe(true);
    expect(telemetryEnabled(settings, { host: "localhost:5174" })).toBe(false);
    expect(telemetryEnabled(settings, { host: "sign.paraphe.example:8443" })).toBe(false);
    expect(telemetryEnabled(settings, { host: "evil.sign.paraphe.example" })).toBe(false);
    expect(
      telemetryEnabled({ ...settings, url: undefined }, { host: "sign.paraphe.example" }),
    ).toBe(false);
    expect(telemetryEnabled({ ...settings, url: "" }, { host: "sign.paraphe.example" })).toBe(
      false,
    );
    expect(telemetryEnabled({ ...settings, host: undefined }, { host: "" })).toBe(false);
  });
});

describe("isKnownBot and sampling", () => {
  it("knows crawlers, link previewers, headless browsers and scripts", () => {
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "python-requests/2.32.3",
      "",
    ]) {
      expect(isKnownBot(agent), agent).toBe(true);
    }
  });

  it("samples people's browsers at 1 and known bots at 0", () => {
    for (const agent of [
      CHROME,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
    ]) {
      expect(isKnownBot(agent), agent).toBe(false);
      const config = faroConfig(settings, {
        instrumentations: [],
        transports: [],
        userAgent: agent,
      });
      expect(config.sessionTracking.samplingRate).toBe(1);
      expect(config.sessionTracking.sampler()).toBe(1);
    }
    const bot = faroConfig(settings, {
      instrumentations: [],
      transports: [],
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)",
    });
    expect(bot.sessionTracking.samplingRate).toBe(0);
    expect(bot.sessionTracking.sampler()).toBe(0);
  });
});

describe("faroConfig", () => {
  it("sets the spec's figures, the app's name, version and environment", () => {
    const config = faroConfig(settings, {
      instrumentations: [],
      transports: [],
      userAgent: CHROME,
    });
    expect(config.app).toEqual({
      name: "paraphe-sign",
      version: "1.2.3",
      environment: "production",
    });
    expect(config.batching).toEqual({ enabled: true, itemLimit: 50, sendTimeout: 250 });
    expect(config.sessionTracking).toMatchObject({
      enabled: true,
      persistent: false,
      maxSessionPersistenceTime: 15 * 60 * 1000,
    });
    expect(faroTransportOptions(settings.url ?? "")).toEqual({
      url: "https://faro.paraphe.example/collect/abc",
      retry: { maxAttempts: 4, initialBackoffMs: 5000 },
    });
    const item = { meta: { page: { url: "https://sign.paraphe.example/d/abc" } } };
    expect(config.beforeSend(item)).toEqual(redactTelemetryItem(item));
  });
});

describe("redaction", () => {
  const TOKEN = "k3Jd9sLq0ZxVb7NmP2rT5wYc";
  const SECRET = "s3cr3t-Xy9Qw8Er7Ty6Ui5Op4As";
  const UUID = "0b9a3f8e-6c1d-4e2a-9f7b-3c5d8e1a2b4c";

  it("strips an address's query, fragment, user info and token-like segments", () => {
    expect(
      redactUrl(`https://sign.paraphe.example/sign/${UUID}#token=${TOKEN}&secret=${SECRET}`),
    ).toBe("https://sign.paraphe.example/sign/:id");
    expect(redactUrl(`https://sign.paraphe.example/d/${TOKEN}?email=ada%40example.com`)).toBe(
      "https://sign.paraphe.example/d/:token",
    );
    expect(redactUrl(`https://sign.paraphe.example/embed/d/${TOKEN}`)).toBe(
      "https://sign.paraphe.example/embed/d/:token",
    );
    expect(redactUrl("https://ada:pw@app.paraphe.example/envelopes")).toBe(
      "https://app.paraphe.example/envelopes",
    );
    expect(redactUrl("https://app.paraphe.example/contacts/ada@example.com")).toBe(
      "https://app.paraphe.example/contacts/:token",
    );
    expect(redactUrl("https://app.paraphe.example/settings/members")).toBe(
      "https://app.paraphe.example/settings/members",
    );
    expect(redactUrl("https://app.paraphe.example/assets/index-BxY7a9Qz.js")).toBe(
      "https://app.paraphe.example/assets/index-BxY7a9Qz.js",
    );
    expect(redactUrl("blob:https://app.paraphe.example/0b9a3f8e")).toBe("blob:redacted");
    expect(redactUrl("data:application/pdf;base64,AAAA")).toBe("data:redacted");
    expect(redactUrl(`/d/${TOKEN}#secret=${SECRET}`)).toBe("/d/[token]");
  });

  it("takes emails, addresses' secrets and tokens out of free text, keeping stack positions", () => {
    const text = redactText(
      `Could not send to ada.lovelace+work@example.co.uk at https://sign.paraphe.example/d/${TOKEN}?x=1:12:7 (key ${SECRET})`,
    );
    expect(text).toBe(
      "Could not send to [email] at https://sign.paraphe.example/d/:token:12:7 (key [token])",
    );
    expect(
      redactText("at render (https://app.paraphe.example/assets/index-BxY7a9Qz.js:1:2345)"),
    ).toBe("at render (https://app.paraphe.example/assets/index-BxY7a9Qz.js:1:2345)");
  });

  it("redacts every string of an item, drops the user and any title, keeps the rest", () => {
    const item = {
      type: "exception",
      payload: {
        type: "Error",
        value: `Field "Full name" refused: ada@example.com, link https://sign.paraphe.example/sign/${UUID}#token=${TOKEN}`,
        stacktrace: {
          frames: [
            {
              filename: `https://sign.paraphe.example/assets/sign-page.js?v=${TOKEN}`,
              function: "submit",
              lineno: 3,
              colno: 14,
            },
          ],
        },
        context: { email: "ada@example.com", documentTitle: "Lease of Ada Lovelace" },
      },
      meta: {
        page: {
          url: `https://sign.paraphe.example/d/${TOKEN}?email=ada@example.com#secret=${SECRET}`,
          id: "p1",
        },
        view: { name: "default" },
        user: { email: "ada@example.com", username: "Ada Lovelace", id: "u1" },
        session: { id: "s1", attributes: { previousSession: "s0" } },
        browser: { userAgent: CHROME },
        app: settings.app,
      },
      title: "Lease of Ada Lovelace",
    };
    const redacted = redactTelemetryItem(item);
    const json = JSON.stringify(redacted);
    for (const secret of [TOKEN, SECRET, UUID, "ada@example.com", "Ada Lovelace", "ada%40"]) {
      expect(json).not.toContain(secret);
    }
    expect(redacted.meta.page.url).toBe("https://sign.paraphe.example/d/:token");
    expect(redacted.payload.stacktrace.frames[0]).toEqual({
      filename: "https://sign.paraphe.example/assets/sign-page.js",
      function: "submit",
      lineno: 3,
      colno: 14,
    });
    expect("user" in redacted.meta).toBe(false);
    expect("title" in redacted).toBe(false);
    expect(redacted.meta.session).toEqual(item.meta.session);
    expect(redacted.meta.app).toEqual(settings.app);
    expect(redacted.meta.browser.userAgent).toBe(CHROME);
    // The item given is left as it was.
    expect(item.meta.user.email).toBe("ada@example.com");
  });

  it("redacts resource timings' and events' addresses", () => {
    const redacted = redactTelemetryItem({
      type: "event",
      payload: {
        name: "faro.performance.resource",
        attributes: {
          name: `https://api.paraphe.example/public/avatars/${UUID}.png?sig=${TOKEN}`,
          initiatorType: "img",
        },
      },
    });
    expect(redacted.payload.attributes.name).toBe(
      "https://api.paraphe.example/public/avatars/:token",
    );
    expect(redacted.payload.name).toBe("faro.performance.resource");
  });
});

describe("an event's trace context", () => {
  it("keeps its ids, which join the api's spans, while a token-like word elsewhere is redacted", () => {
    const { traceId, spanId } = createTraceContext();
    const redacted = redactTelemetryItem({
      type: "event",
      payload: {
        name: "api-call",
        trace: { trace_id: traceId, span_id: spanId },
        attributes: { trace_id: `${traceId}-not-an-id` },
      },
    });
    expect(redacted.payload.trace).toEqual({ trace_id: traceId, span_id: spanId });
    expect(redacted.payload.attributes.trace_id).toBe("[token]");
  });
});

describe("createTraceContext", () => {
  it("gives a fresh W3C traceparent each time", () => {
    const first = createTraceContext();
    const second = createTraceContext();
    expect(first.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(first.traceparent).toBe(`00-${first.traceId}-${first.spanId}-01`);
    expect(second.traceId).not.toBe(first.traceId);
  });
});

describe("startFaro", () => {
  const fakeSdk = () => {
    const pushEvent = vi.fn();
    const sdk = {
      initializeFaro: vi.fn((_config: unknown) => ({ api: { pushEvent } })),
      getWebInstrumentations: vi.fn(() => ["errors", "session"]),
      FetchTransport: class {
        constructor(readonly options: unknown) {}
      },
    };
    return { sdk, pushEvent };
  };

  it("starts nothing off the production host", () => {
    const { sdk } = fakeSdk();
    expect(startFaro(sdk, settings, { host: "localhost:5174", userAgent: CHROME })).toBeNull();
    expect(sdk.initializeFaro).not.toHaveBeenCalled();
  });

  it("starts Faro with the shared configuration, and records each api call's trace as an event", () => {
    const { sdk, pushEvent } = fakeSdk();
    const traceparent = startFaro(sdk, settings, {
      host: "sign.paraphe.example",
      userAgent: CHROME,
    });
    expect(sdk.getWebInstrumentations).toHaveBeenCalledWith({ captureConsole: false });
    const config = sdk.initializeFaro.mock.calls[0]?.[0] as {
      instrumentations: string[];
      transports: { options: unknown }[];
      batching: unknown;
    };
    expect(config.instrumentations).toEqual(["errors", "session"]);
    expect(config.transports[0]?.options).toEqual(faroTransportOptions(settings.url ?? ""));
    expect(config.batching).toEqual({ enabled: true, itemLimit: 50, sendTimeout: 250 });
    const first = traceparent?.();
    const second = traceparent?.();
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second).not.toBe(first);
    expect(pushEvent).toHaveBeenCalledTimes(2);
    expect(pushEvent).toHaveBeenCalledWith("api-call", undefined, undefined, {
      skipDedupe: true,
      spanContext: { traceId: first?.slice(3, 35), spanId: first?.slice(36, 52) },
    });
  });
});
