import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { API_URL, SIGN_URL } from "./support";

// Browser telemetry (README "Telemetry"). The suite's apps are built without a collector, so this
// test bundles the signing app's own telemetry module (`start-telemetry.ts`: Faro's Web SDK with the
// shared configuration) for a page of its own, and runs it against a stand-in for Faro's receiver:
// a small HTTP server that takes the JSON batches the SDK posts and can answer 429. A second test
// proves that a browser trace joins the api's spans: the suite's api exports its spans to a
// collector stand-in (`otlp-sink.mjs`, started with the suite), and the trace id of an api call
// that Faro reports is that of the api's server span for the call.

const root = resolve(import.meta.dirname, "../../..");

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const TOKEN = "k3Jd9sLq0ZxVb7NmP2rT5wYc";
const SECRET = "s3cr3t-Xy9Qw8Er7Ty6Ui5Op4As";
const EMAIL = "ada.lovelace@example.com";
const NAME = "Ada Lovelace";
const TITLE = "Lease of the flat on Baker Street";
const FIELD_VALUE = "221B Baker Street";
const PERSONAL = [TOKEN, SECRET, EMAIL, NAME, TITLE, FIELD_VALUE, "ada.lovelace%40"];

interface Batch {
  at: number;
  key: string;
  status: number;
  body: Record<string, unknown>;
}

/** The number of items (events, logs, exceptions, measurements, spans) in a batch. */
function itemCount(body: Record<string, unknown>): number {
  let count = 0;
  for (const key of ["events", "logs", "exceptions", "measurements"]) {
    const list = body[key];
    if (Array.isArray(list)) count += list.length;
  }
  const traces = body.traces as
    { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] } | undefined;
  for (const resource of traces?.resourceSpans ?? []) {
    for (const scope of resource.scopeSpans ?? []) count += scope.spans?.length ?? 0;
  }
  return count;
}

/**
 * A module as a classic script that defines `window.paraphe` (its exports): by default the
 * telemetry module (`window.paraphe.startTelemetry`); or `source`, a module of the signing app's
 * sources that exists only in this bundle.
 */
async function bundleTelemetryModule(source?: string): Promise<string> {
  const require = createRequire(resolve(root, "tooling/vite/package.json"));
  const { build } = (await import(pathToFileURL(require.resolve("rolldown")).href)) as {
    build: (options: Record<string, unknown>) => Promise<{ output: { code?: string }[] }>;
  };
  const entry = resolve(root, "apps/sign/src/lib/telemetry/test-entry.ts");
  const result = await build({
    input:
      source === undefined
        ? resolve(root, "apps/sign/src/lib/telemetry/start-telemetry.ts")
        : entry,
    platform: "browser",
    resolve: { conditionNames: ["@paraphe/source", "browser", "import", "default"] },
    transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
    plugins: [
      {
        name: "test-entry",
        resolveId: (id: string) => (id === entry ? id : null),
        load: (id: string) => (id === entry ? source : null),
      },
    ],
    write: false,
    output: { format: "iife", name: "paraphe" },
  });
  const code = result.output[0]?.code;
  if (!code) throw new Error("The telemetry module did not bundle.");
  return code;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

let server: Server;
let port: number;
const batches: Batch[] = [];
let refuseNext = 0;

test.beforeAll(async () => {
  const script = await bundleTelemetryModule();
  server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      if (request.method === "POST" && url.pathname === "/collect") {
        const text = await readBody(request);
        const status = refuseNext > 0 ? 429 : 202;
        if (refuseNext > 0) refuseNext -= 1;
        batches.push({
          at: Date.now(),
          key: String(request.headers["idempotency-key"] ?? ""),
          status,
          body: JSON.parse(text) as Record<string, unknown>,
        });
        response.writeHead(status, { "Content-Type": "application/json" }).end("{}");
        return;
      }
      if (url.pathname === "/telemetry.js") {
        response.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
        return;
      }
      // Any other path: a page with a person's details in its address, title and a field.
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(
        `<!doctype html><html lang="en"><head><title>${TITLE}</title>
        <script src="/telemetry.js"></script></head>
        <body><main><h1>${NAME}</h1><label>Address <input value="${FIELD_VALUE}"></label></main></body></html>`,
      );
    })();
  });
  await new Promise<void>((done) => server.listen(0, done));
  port = (server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

/** Opens the page at `host` and starts telemetry configured for the production host `localhost:<port>`. */
/** The Faro session a batch was sent under. */
function sessionOf(batch: Batch): string | undefined {
  return (batch.body.meta as { session?: { id?: string } }).session?.id;
}

async function openPage(browser: Browser, host: string, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  await page.goto(
    `http://${host}:${String(port)}/d/${TOKEN}?email=${encodeURIComponent(EMAIL)}#token=${TOKEN}&secret=${SECRET}`,
  );
  const started = await page.evaluate(
    ({ collector, productionHost }) => {
      const { startTelemetry } = (
        window as unknown as {
          paraphe: {
            startTelemetry: (settings: unknown) => (() => string) | null;
          };
        }
      ).paraphe;
      const traceparent = startTelemetry({
        app: { name: "paraphe-sign", version: "test", environment: "production" },
        url: collector,
        host: productionHost,
      });
      (window as unknown as { traceparent: typeof traceparent }).traceparent = traceparent;
      return traceparent !== null;
    },
    {
      collector: `http://localhost:${String(port)}/collect`,
      productionHost: `localhost:${String(port)}`,
    },
  );
  return { context, page, started };
}

/** What a page's life sends: 120 api calls' trace contexts, an error naming a person, a log line. */
async function useThePage(page: Page) {
  await page.evaluate(
    ({ email, secret, value }) => {
      const traceparent = (window as unknown as { traceparent: (() => string) | null }).traceparent;
      for (let call = 0; call < 120; call += 1) traceparent?.();
      console.error(`Could not save "${value}" for ${email}`);
      setTimeout(() => {
        throw new Error(`Signing failed for ${email} with secret ${secret}`);
      }, 0);
    },
    { email: EMAIL, secret: SECRET, value: FIELD_VALUE },
  );
}

test("browser telemetry: only on the production host, never from bots, in batches of at most 50 items, backing off after a 429, with nothing personal", async ({
  browser,
}) => {
  // Another host than the production one: nothing is started and nothing sent.
  const elsewhere = await openPage(browser, "127.0.0.1", CHROME);
  expect(elsewhere.started).toBe(false);
  await useThePage(elsewhere.page);
  // A known bot on the production host: its session is sampled at 0.
  const bot = await openPage(
    browser,
    "localhost",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  );
  await useThePage(bot.page);
  // Kept open while the person's batches come (seconds, with the 429's back-off): a batch of the
  // bot would come with them, under a session of its own.
  await elsewhere.context.close();

  // A person's browser on the production host; the collector refuses the first batch with a 429.
  refuseNext = 1;
  const person = await openPage(browser, "localhost", CHROME);
  expect(person.started).toBe(true);
  await useThePage(person.page);
  await expect
    .poll(() => batches.some((batch) => batch.status === 429), { timeout: 10_000 })
    .toBe(true);
  const refused = batches.find((batch) => batch.status === 429) as Batch;
  // The refused batch comes back once, 5000 ms later at the earliest.
  await expect
    .poll(() => batches.filter((batch) => batch.key === refused.key).length, { timeout: 15_000 })
    .toBe(2);
  const retried = batches.filter((batch) => batch.key === refused.key)[1] as Batch;
  expect(retried.status).toBe(202);
  expect(retried.at - refused.at).toBeGreaterThanOrEqual(5000);
  expect(JSON.stringify(retried.body)).toBe(JSON.stringify(refused.body));

  // Every api call's event arrives, and the error; each batch has at most 50 items.
  const eventsOf = (name: string) =>
    batches
      .filter((batch) => batch.status === 202)
      .flatMap((batch) => (batch.body.events ?? []) as { name: string }[])
      .filter((event) => event.name === name);
  await expect.poll(() => eventsOf("api-call").length, { timeout: 10_000 }).toBe(120);
  await expect
    .poll(
      () => batches.flatMap((batch) => (batch.body.exceptions ?? []) as { value: string }[]).length,
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  // Every batch is the person's: one session, none of the bot's.
  expect([...new Set(batches.map((batch) => sessionOf(batch)))]).toEqual([expect.any(String)]);
  await bot.context.close();
  const counts = batches.map((batch) => itemCount(batch.body));
  expect(Math.max(...counts)).toBe(50);
  for (const count of counts) expect(count).toBeLessThanOrEqual(50);
  for (const batch of batches) {
    const meta = batch.body.meta as {
      app: Record<string, string>;
      page?: { url?: string };
      user?: unknown;
    };
    expect(meta.app).toMatchObject({
      name: "paraphe-sign",
      version: "test",
      environment: "production",
    });
    expect(meta.page?.url).toBe(`http://localhost:${String(port)}/d/:token`);
    expect(meta.user).toBeUndefined();
  }

  // No console line, and nothing personal in any batch: no token, secret, email, name, title or
  // field value.
  expect(batches.flatMap((batch) => (batch.body.logs ?? []) as unknown[])).toEqual([]);
  const sent = JSON.stringify(batches.map((batch) => batch.body));
  for (const personal of PERSONAL) expect(sent, personal).not.toContain(personal);
  await person.context.close();
});

/**
 * The signing app's telemetry with the apps' api client (`createApiClient` with its `traceparent`
 * option, as the apps give it): `window.paraphe.openDirectLink` makes one sealed call.
 */
const TRACED_CLIENT = `
export { startTelemetry } from "./start-telemetry";
import { createApiClient, DEFAULT_APP_CREDENTIALS } from "@paraphe/api-sdk";
import { createEvidenceVerifier, parseReferenceValues } from "@paraphe/attestation";
export async function openDirectLink(apiUrl, referenceValues, traceparent) {
  const api = createApiClient({
    baseUrl: apiUrl,
    verifyEvidence: createEvidenceVerifier({ referenceValues: parseReferenceValues(referenceValues) }),
    appCredential: DEFAULT_APP_CREDENTIALS.sign,
    language: () => "en",
    traceparent,
  });
  try {
    await api.directLink.open({ token: "A".repeat(32) });
    return { code: "opened", message: "" };
  } catch (error) {
    return { code: error.code ?? "", message: String(error.message ?? error) };
  } finally {
    api.tunnel.destroy();
  }
}`;

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

/** OTLP's SpanKind of a server span. */
const SERVER_SPAN = 2;

test("a browser trace joins the api's spans: the trace id Faro reports for a sealed call is the api's server span's", async ({
  browser,
}) => {
  const script = await bundleTelemetryModule(TRACED_CLIENT);
  const referenceValues = JSON.parse(
    await readFile(resolve(root, "apps/api/dist/reference-values.json"), "utf8"),
  ) as unknown;
  // A page of the signing site (whose origin the api allows), with the bundle added to it (the
  // site's CSP, which names no collector in this build, bypassed) and its collector on that origin.
  const context = await browser.newContext({ userAgent: CHROME, bypassCSP: true });
  const page = await context.newPage();
  const faro: Record<string, unknown>[] = [];
  await page.route(`${SIGN_URL}/trace-test/collect`, async (route) => {
    faro.push(route.request().postDataJSON() as Record<string, unknown>);
    await route.fulfill({ status: 202, contentType: "application/json", body: "{}" });
  });
  await page.goto(`${SIGN_URL}/trace-test`);
  await page.addScriptTag({ content: script });
  const answer = await page.evaluate(
    async ({ apiUrl, collector, host, values }) => {
      const paraphe = (
        window as unknown as {
          paraphe: {
            startTelemetry: (settings: unknown) => (() => string) | null;
            openDirectLink: (
              apiUrl: string,
              values: unknown,
              traceparent: () => string | undefined,
            ) => Promise<{ code: string; message: string }>;
          };
        }
      ).paraphe;
      const traceparent = paraphe.startTelemetry({
        app: { name: "paraphe-sign", version: "test", environment: "production" },
        url: collector,
        host,
      });
      if (traceparent === null) return { code: "", message: "no telemetry" };
      return paraphe.openDirectLink(apiUrl, values, traceparent);
    },
    {
      apiUrl: API_URL,
      collector: `${SIGN_URL}/trace-test/collect`,
      host: new URL(SIGN_URL).host,
      values: referenceValues,
    },
  );
  // The link does not exist: the api answered, through the tunnel, that it is not active.
  expect(answer.code, answer.message).toBe("ACCESS_LINK_INVALID");

  // The call's event, as Faro sent it, names its trace.
  type FaroEvent = { name: string; trace?: { trace_id?: string; span_id?: string } };
  const apiCalls = () =>
    faro
      .flatMap((body) => (body.events ?? []) as FaroEvent[])
      .filter((event) => event.name === "api-call");
  await expect.poll(() => apiCalls().length, { timeout: 10_000 }).toBe(1);
  const { trace_id: traceId, span_id: browserSpanId } = apiCalls()[0]?.trace ?? {};
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);

  // The api's spans of that trace, as its exporter sent them (batched each second): the call's
  // server span, a child of the browser's span, named by the call's api route.
  const spansOfTrace = async () => {
    const response = await fetch(`http://127.0.0.1:4319/spans?traceId=${traceId ?? ""}`);
    return (await response.json()) as ReceivedSpan[];
  };
  await expect
    .poll(async () => (await spansOfTrace()).some((span) => span.kind === SERVER_SPAN), {
      timeout: 15_000,
    })
    .toBe(true);
  const spans = await spansOfTrace();
  const server = spans.find((span) => span.kind === SERVER_SPAN);
  expect(server).toMatchObject({
    traceId,
    parentSpanId: browserSpanId,
    name: "POST /direct-link/open",
  });
  for (const span of spans) expect(span.traceId).toBe(traceId);
  await context.close();
});
