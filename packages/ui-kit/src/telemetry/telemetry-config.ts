// Browser telemetry (the repository's README, "Telemetry"): the configuration of Grafana Faro's Web
// SDK that both apps share, and the redaction of everything it sends. Nothing here imports Faro:
// the apps load it themselves, after the first paint, and pass its instrumentations in.

/** What an app's build says of its telemetry. */
export interface TelemetrySettings {
  /** The app's name, version and environment, sent with every batch. */
  app: { name: string; version: string; environment: string };
  /** The collector's address (`VITE_TELEMETRY_URL`): without one, nothing is sent. */
  url: string | undefined;
  /** The production host (`VITE_TELEMETRY_HOST`): on any other host, nothing is sent. */
  host: string | undefined;
}

/**
 * The spec's figures (sections 7 and 9), which are Faro's own defaults, written out so that a new
 * version of the SDK cannot change them: batches of 50 items or 250 ms, at most 3 retries (4
 * attempts), 5000 ms before the first retry (after a 429 without `Retry-After` too), sessions of at
 * most 4 hours ended by 15 minutes of inactivity (Faro's session constants), every session sampled
 * but known bots'.
 */
export const TELEMETRY_LIMITS = {
  batchItems: 50,
  batchMs: 250,
  retries: 3,
  backoffMs: 5000,
  sessionMaxMs: 4 * 60 * 60 * 1000,
  sessionInactivityMs: 15 * 60 * 1000,
} as const;

/** Whether this page sends telemetry: a collector is configured and the page is on the production host. */
export function telemetryEnabled(settings: TelemetrySettings, location: { host: string }): boolean {
  return Boolean(settings.url) && Boolean(settings.host) && location.host === settings.host;
}

const KNOWN_BOTS =
  /bot\b|bot\/|crawl|spider|slurp|headlesschrome|phantomjs|lighthouse|pagespeed|pingdom|uptime|monitor|facebookexternalhit|embedly|preview|curl\/|wget\/|python-requests|go-http-client|java\//i;

/** Whether a user agent is a known bot, crawler, link previewer or headless browser (sampled at 0). */
export function isKnownBot(userAgent: string): boolean {
  return userAgent === "" || KNOWN_BOTS.test(userAgent);
}

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_IN_TEXT = /\b(?:https?|wss?):\/\/[^\s"'<>()]+/g;
const TOKEN_SEGMENT = /^(?=[\w.~-]*\d)[\w.~-]{16,}$|^[\w-]{24,}$/;
const CODE_FILE = /^[\w.-]+\.(?:m?js|css|woff2?|map)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment that names something (a link's token, an envelope's id, a file) rather than a page. */
function redactSegment(segment: string): string {
  // The apps' own files (`/assets/index-<hash>.js`), which stack traces name.
  if (segment === "" || CODE_FILE.test(segment)) return segment;
  if (UUID.test(segment)) return ":id";
  if (TOKEN_SEGMENT.test(segment) || /%40|@/.test(segment)) return ":token";
  return segment;
}

/**
 * An address without what can name a person or open their envelope: no query, no fragment (a
 * signing link's token and secret), no token-like path segment (`/d/<token>`, ids), no user info.
 * Text that is not an address is redacted as text.
 */
export function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return redactText(value.replace(/[?#].*$/s, ""));
  }
  if (
    url.protocol !== "http:" &&
    url.protocol !== "https:" &&
    url.protocol !== "ws:" &&
    url.protocol !== "wss:"
  ) {
    return `${url.protocol}redacted`;
  }
  const path = url.pathname.split("/").map(redactSegment).join("/");
  return `${url.protocol}//${url.host}${path}`;
}

/** Free text (an error's message, a stack trace) without addresses' secrets, emails or token-like words. */
export function redactText(value: string): string {
  return value
    .replace(URL_IN_TEXT, (url) => {
      // A stack frame's `:line:column` stays.
      const position = /(:\d+:\d+)$/.exec(url)?.[1] ?? "";
      return redactUrl(url.slice(0, url.length - position.length)) + position;
    })
    .replace(EMAIL, "[email]")
    .replace(/\b(?=[\w-]*\d)[\w-]{24,}\b/g, "[token]");
}

/** Keys whose value is an address. */
const URL_KEYS = /url|href|referrer|name_?url|location|^page$|^name$|resource|target|source/i;
/** Keys Faro must never carry: a user's identity or the page's title. */
const DROPPED_KEYS = /^(user|email|username|full_?name)$|title/i;

/**
 * Keys of a trace context (an event's `trace`, a span's ids) and the ids they hold: random
 * numbers that join the api's spans, naming nobody; kept as they are (as text they look like
 * tokens).
 */
const TRACE_ID_KEYS = /^(trace_?id|span_?id|parent_?span_?id)$/i;
const TRACE_ID = /^(?:[0-9a-f]{16}|[0-9a-f]{32})$/;

function redactValue(value: unknown, key: string, depth: number): unknown {
  if (typeof value === "string") {
    if (TRACE_ID_KEYS.test(key) && TRACE_ID.test(value)) return value;
    if (URL_KEYS.test(key) && /^[a-z][a-z\d+.-]*:/i.test(value)) return redactUrl(value);
    return redactText(value);
  }
  if (depth > 12 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((entry) => redactValue(entry, key, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (DROPPED_KEYS.test(name)) continue;
    result[name] = redactValue(entry, name, depth + 1);
  }
  return result;
}

/**
 * Faro's `beforeSend` hook: every string of the item (its payload and its metadata: the page's
 * address, the view, the session's attributes) redacted, and no user or title at all.
 */
export function redactTelemetryItem<T>(item: T): T {
  return redactValue(item, "", 0) as T;
}

/** A fresh W3C trace context (`00-<trace id>-<span id>-01`) and its two ids. */
export function createTraceContext(): { traceparent: string; traceId: string; spanId: string } {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  const traceId = hex.slice(0, 32);
  const spanId = hex.slice(32);
  return { traceparent: `00-${traceId}-${spanId}-01`, traceId, spanId };
}

/** The options of Faro's fetch transport (`new FetchTransport(...)`): the collector, the retries. */
export function faroTransportOptions(url: string) {
  return {
    url,
    retry: {
      maxAttempts: TELEMETRY_LIMITS.retries + 1,
      initialBackoffMs: TELEMETRY_LIMITS.backoffMs,
    },
  };
}

/**
 * The Faro configuration of an app (`initializeFaro(faroConfig(...))`): the spec's figures, the
 * app's name, version and environment, known bots sampled at 0, no console capture (log lines can
 * carry anything), every item redacted before it is sent.
 */
export function faroConfig<Instrumentation, Transport>(
  settings: TelemetrySettings,
  options: { instrumentations: Instrumentation[]; transports: Transport[]; userAgent: string },
) {
  const bot = isKnownBot(options.userAgent);
  return {
    app: { ...settings.app },
    instrumentations: options.instrumentations,
    transports: options.transports,
    batching: {
      enabled: true,
      itemLimit: TELEMETRY_LIMITS.batchItems,
      sendTimeout: TELEMETRY_LIMITS.batchMs,
    },
    sessionTracking: {
      enabled: true,
      // A session lives in this tab only (nothing shared across tabs or visits); Faro ends it after
      // 4 hours, or after 15 minutes of inactivity.
      persistent: false,
      maxSessionPersistenceTime: TELEMETRY_LIMITS.sessionInactivityMs,
      samplingRate: bot ? 0 : 1,
      sampler: () => (bot ? 0 : 1),
    },
    // The page's instance only, kept off `window`.
    preventGlobalExposure: true,
    beforeSend: <Item>(item: Item): Item | null => redactTelemetryItem(item),
  };
}

/**
 * What `startFaro` uses of Faro's Web SDK: the app passes these three exports of the module it loaded
 * (`@grafana/faro-web-sdk`), so that this package does not depend on it.
 */
export interface FaroWebSdk<Instrumentation, Transport> {
  initializeFaro(config: ReturnType<typeof faroConfig<Instrumentation, Transport>>): {
    api: {
      pushEvent(
        name: string,
        attributes: undefined,
        domain: undefined,
        options: { skipDedupe: boolean; spanContext: { traceId: string; spanId: string } },
      ): void;
    };
  };
  getWebInstrumentations(options: { captureConsole: boolean }): Instrumentation[];
  FetchTransport: new (options: ReturnType<typeof faroTransportOptions>) => Transport;
}

/**
 * Starts Faro (errors, web vitals, the session and its views; no console capture) with the shared
 * configuration, every item redacted before it is sent. Null, and nothing started, off the
 * production host or without a collector. Returns the api client's trace contexts: each call gets a
 * fresh one, recorded as an `api-call` event of that trace, which the api's spans join.
 */
export function startFaro<Instrumentation, Transport>(
  sdk: FaroWebSdk<Instrumentation, Transport>,
  settings: TelemetrySettings,
  page: { host: string; userAgent: string },
): (() => string) | null {
  if (!settings.url || !telemetryEnabled(settings, page)) return null;
  const faro = sdk.initializeFaro(
    faroConfig(settings, {
      instrumentations: sdk.getWebInstrumentations({ captureConsole: false }),
      transports: [new sdk.FetchTransport(faroTransportOptions(settings.url))],
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
