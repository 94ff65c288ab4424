import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { installPublishedPackages, type ConsumerProject } from "./published-sdk";
import { API_URL, loginCodeOf, signUpWithTeam, uniqueEmail, waitForMail } from "./support";
import { createActiveTemplate } from "./template-flow";

// The SDK as published (issue 13): every package of `packages/` packed with `pnpm pack` and installed
// with npm into a project outside the workspace (published-sdk/README.md), then used with a team API
// key, created in the settings, to list templates, create an envelope from one, send it and read its
// status: from Node, and from a Vite + React bundle in Chromium (an origin of its own, allowed by the
// api's CORS_ORIGINS).

/** Where `vite preview` serves the consumer's bundle; playwright.config.ts allows it in CORS_ORIGINS. */
const CONSUMER_ORIGIN = "http://localhost:5175";

interface RunResult {
  templates: string[];
  envelopeUuid: string;
  status: string;
  recipients: number;
  envelopesList: string;
}

test.describe.configure({ mode: "serial" });

let consumer: ConsumerProject;
let key: { accessKey: string; secretKey: string };
let preview: ChildProcess | undefined;

/** Creates a key allowed to create envelopes from templates in /settings/api-keys; its secret is shown once. */
async function createApiKey(page: Page): Promise<{ accessKey: string; secretKey: string }> {
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create an API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByRole("textbox", { name: "Description" }).fill("Published SDK test");
  await dialog
    .getByRole("checkbox", { name: "Create (templates, and envelopes from templates)" })
    .click();
  await dialog.getByRole("button", { name: "Create the key" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  const accessKey = await shown.getByRole("textbox", { name: "Access key" }).inputValue();
  const secretKey = await shown.getByRole("textbox", { name: "Secret key" }).inputValue();
  await shown.getByRole("button", { name: "I have saved the secret key" }).click();
  return { accessKey, secretKey };
}

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const [project] = await Promise.all([
    installPublishedPackages(),
    (async () => {
      await signUpWithTeam(page, { team: "Published SDK" });
      await createActiveTemplate(page, testInfo);
      key = await createApiKey(page);
    })(),
  ]);
  consumer = project;
  await context.close();
});

test.afterAll(async () => {
  // `npx` starts vite as a child of its own: stop the whole process group, or vite keeps the port
  // (and serves a removed folder) after the run.
  if (preview?.pid !== undefined && preview.exitCode === null) {
    const exited = new Promise((resolve) => preview?.once("exit", resolve));
    process.kill(-preview.pid, "SIGTERM");
    await exited;
  }
  await consumer?.remove();
});

test("the packed SDK installed outside the workspace creates and sends an envelope from a template with an API key, in Node", async () => {
  test.setTimeout(120_000);
  const output = await consumer.exec("node", ["check.mjs"], {
    PARAPHE_API_URL: API_URL,
    PARAPHE_ACCESS_KEY: key.accessKey,
    PARAPHE_SECRET_KEY: key.secretKey,
    PARAPHE_REFERENCE_VALUES_FILE: "reference-values.json",
  });
  const result = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as RunResult;
  expect(result.templates.length).toBeGreaterThan(0);
  // Sent: its signers are asked in turn.
  expect(result.status).toBe("signing");
  expect(result.recipients).toBe(2);
  // The key carries template permissions only.
  expect(result.envelopesList).toBe("AUTHENTICATION_ERROR");
});

test("the packed SDK and ui-kit bundled by Vite with React do the same in Chromium", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await consumer.exec("npx", ["vite", "build", "--logLevel", "error"]);
  preview = spawn("npx", ["vite", "preview", "--port", "5175", "--strictPort"], {
    cwd: consumer.dir,
    stdio: "ignore",
    detached: true,
  });
  const fragment = new URLSearchParams({ api: API_URL, ...key }).toString();
  await expect(async () => {
    await page.goto(`${CONSUMER_ORIGIN}/#${fragment}`);
  }).toPass({ timeout: 30_000 });
  await page.getByRole("button", { name: "Run" }).click();
  const result = page.getByTestId("result");
  await expect(result.or(page.getByRole("alert"))).toBeVisible({ timeout: 60_000 });
  expect(await page.getByRole("alert").allTextContents()).toEqual([]);
  const parsed = JSON.parse((await result.textContent()) ?? "{}") as RunResult;
  expect(parsed.templates.length).toBeGreaterThan(0);
  expect(parsed.status).toBe("signing");
  expect(parsed.recipients).toBe(2);
});

/** A README snippet started as the README says: `node <file>.ts`, or `npx tsx` on a Node without type stripping. */
function startSnippet(
  dir: string,
  file: string,
  env: Record<string, string>,
): { process: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const stripsTypes = (process.features as { typescript?: unknown }).typescript !== undefined;
  const tsx = resolve(import.meta.dirname, "../node_modules/.bin/tsx");
  const child = spawn(stripsTypes ? "node" : tsx, [file], {
    cwd: dir,
    env: { ...process.env, ...env },
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on("close", done));
  return { process: child, output: () => output, exited };
}

/** Posts `body` to the receiver with a `Paraphe-Signature` made as the README describes. */
async function deliver(port: number, body: string, secret: string): Promise<Response> {
  const timestamp = Math.floor(Date.now() / 1000);
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return fetch(`http://127.0.0.1:${port}/`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "paraphe-signature": `t=${timestamp},v1=${mac}`,
    },
    body,
  });
}

test("every TypeScript snippet of the published SDK's README runs as written: sign-in, an API key's envelope, a webhook receiver", async () => {
  test.setTimeout(120_000);
  const readme = await readFile(
    join(consumer.dir, "node_modules/@paraphe/api-sdk/README.md"),
    "utf8",
  );
  const snippets = new Map<string, string>();
  for (const [, code] of readme.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const name = /^\/\/ ([\w-]+\.ts):/.exec(code ?? "")?.[1];
    expect(name, `a snippet that does not start with "// <file>.ts:": ${code}`).toBeDefined();
    snippets.set(name ?? "", code ?? "");
    await writeFile(join(consumer.dir, name ?? ""), code ?? "");
  }
  // A snippet added to the README gets a run here.
  expect([...snippets.keys()].sort()).toEqual(["api-key.ts", "sign-in.ts", "webhook-receiver.ts"]);

  const email = uniqueEmail("readme");
  const signIn = startSnippet(consumer.dir, "sign-in.ts", {
    PARAPHE_API_URL: API_URL,
    PARAPHE_EMAIL: email,
  });
  signIn.process.stdin?.end(`${loginCodeOf(await waitForMail(email))}\n`);
  expect(await signIn.exited, signIn.output()).toBe(0);
  expect(signIn.output()).toContain(`Signed in as ${email}`);

  const apiKey = startSnippet(consumer.dir, "api-key.ts", {
    PARAPHE_API_URL: API_URL,
    PARAPHE_ACCESS_KEY: key.accessKey,
    PARAPHE_SECRET_KEY: key.secretKey,
    PARAPHE_RECIPIENT_EMAILS: [uniqueEmail("readme-a"), uniqueEmail("readme-b")].join(","),
  });
  expect(await apiKey.exited, apiKey.output()).toBe(0);
  expect(apiKey.output()).toMatch(/Envelope [0-9a-f-]{36}: signing, 2 recipients/);

  const secret = "whsec_readme-test-secret";
  const port = 5176;
  const receiver = startSnippet(consumer.dir, "webhook-receiver.ts", {
    PARAPHE_WEBHOOK_SECRET: secret,
    PORT: String(port),
  });
  try {
    const body = JSON.stringify({ id: "evt-readme", type: "envelope.signed", data: {} });
    // The receiver starts listening once node (or tsx) has loaded it.
    await expect(async () => {
      expect((await deliver(port, body, secret)).status).toBe(204);
    }).toPass({ timeout: 60_000 });
    // The line is written before the answer, but reaches this process through its own pipe.
    await expect.poll(() => receiver.output()).toContain("envelope.signed evt-readme");
    const forged = await deliver(port, body, "whsec_someone-else");
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe("signature_mismatch");
  } finally {
    receiver.process.kill();
    await receiver.exited;
  }
});
