import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type Browser, type Page } from "@playwright/test";

// Browser telemetry (README "Telemetry"). The suite's apps are built without a collector, so this
// test bundles the signing app's own telemetry module (`start-telemetry.ts`: Faro's Web SDK with the
// shared configuration) for a page of its own, and runs it against a stand-in for Faro's receiver:
// a small HTTP server that takes the JSON batches the SDK posts and can answer 429.

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

/** The telemetry module as a classic script that defines `window.paraphe.startTelemetry`. */
async function bundleTelemetryModule(): Promise<string> {
  const require = createRequire(resolve(root, "tooling/vite/package.json"));
  const { build } = (await import(pathToFileURL(require.resolve("rolldown")).href)) as {
    build: (options: Record<string, unknown>) => Promise<{ output: { code?: string }[] }>;
  };
  const result = await build({
    input: resolve(root, "apps/sign/src/lib/telemetry/start-telemetry.ts"),
    platform: "browser",
    resolve: { conditionNames: ["@paraphe/source", "browser", "import", "default"] },
    transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
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
