import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createApiClient, DEFAULT_APP_CREDENTIALS, type ApiClient } from "@paraphe/api-sdk";
import { createEvidenceVerifier, parseReferenceValues } from "@paraphe/attestation";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { AGREEMENT, EDITOR } from "./envelope-flow";
import { serveOtherOrigins, type OtherOrigins } from "./other-origin";
import {
  API_URL,
  WEB_URL,
  createAccountWithTeam,
  expectAccessible,
  keepScreenshot,
  uniqueEmail,
  waitForMail,
} from "./support";

// Embedded preparing: the team's server gets an editor token with its API key; a page of another
// origin, which the test serves, shows the draft in the built `<paraphe-editor>`; the person adds
// a recipient and a signature field and sends, and the page hears `saved` and `sent`.

const root = resolve(import.meta.dirname, "../../..");
const ALLOWED = "http://localhost:5187";

/** The embedding page: the element of the built package, its options from the fragment. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Embedding site</title></head>
<body style="margin:0">
<main>
<h1 style="position:absolute;left:-9999px">Prepare the contract</h1>
<script type="module">
  import { defineParapheEditor } from "/embed/index.js";
  defineParapheEditor();
  window.parapheEvents = [];
  const options = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const element = document.createElement("paraphe-editor");
  element.setAttribute("app-url", options.appUrl);
  element.setAttribute("token", options.token);
  if (options.envelopeUuid) element.setAttribute("envelope-uuid", options.envelopeUuid);
  if (options.templateUuid) element.setAttribute("template-uuid", options.templateUuid);
  if (options.language) element.setAttribute("language", options.language);
  element.style.height = "100vh";
  for (const name of ["ready", "saved", "sent", "error"]) {
    element.addEventListener("paraphe-" + name, (event) =>
      window.parapheEvents.push({ name, detail: event.detail }),
    );
  }
  document.querySelector("main").appendChild(element);
</script>
</main>
</body></html>`;

/** An api client over the tunnel signing with `credential` (a member's session or an API key). */
async function apiClient(credential: { accessKey: string; secretKey: string }): Promise<ApiClient> {
  const text = await readFile(resolve(root, "apps/api/dist/reference-values.json"), "utf8");
  return createApiClient({
    baseUrl: API_URL,
    verifyEvidence: createEvidenceVerifier({
      referenceValues: parseReferenceValues(JSON.parse(text)),
    }),
    appCredential: DEFAULT_APP_CREDENTIALS.web,
    credential: () => credential,
    language: () => "en",
  });
}

async function editorFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().length).toBe(2);
  const frame = page.frames()[1];
  if (frame === undefined) throw new Error("no frame");
  return frame;
}

let site: OtherOrigins;

test.beforeAll(async () => {
  site = await serveOtherOrigins(PAGE, [5187], ["/", "/fr"]);
});

test.afterAll(async () => {
  await site.close();
});

test("the team's site prepares and sends a draft in <paraphe-editor> with a token from its server", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  // The team: its allowed site, a draft, and an API key for its server.
  const owner = await createAccountWithTeam({ team: "Editor embedding team" });
  const member = await apiClient(owner);
  let envelopeUuid: string;
  let frenchUuid: string;
  const templateUuids: string[] = [];
  let key: { accessKey: string; secretKey: string };
  try {
    await member.embedding.save({ origins: [ALLOWED] });
    const draft = await member.envelope.upload({
      files: [{ filename: "Agreement.pdf", data: (await readFile(AGREEMENT)).toString("base64") }],
    });
    envelopeUuid = draft.uuid;
    const french = await member.envelope.upload({
      files: [{ filename: "Contrat.pdf", data: (await readFile(AGREEMENT)).toString("base64") }],
    });
    frenchUuid = french.uuid;
    for (const title of ["Lease", "Loan"]) {
      const template = await member.template.create({
        files: [{ filename: `${title}.pdf`, data: (await readFile(AGREEMENT)).toString("base64") }],
      });
      templateUuids.push(template.uuid);
    }
    const created = await member.apiKey.create({
      description: "Embedding server",
      permissions: ["update"],
    });
    key = { accessKey: created.apiKey.accessKey, secretKey: created.secretKey };
  } finally {
    member.tunnel.destroy();
  }
  // The team's server asks for the token with its key.
  const server_ = await apiClient(key);
  let token: string;
  let frenchToken: string;
  let templateToken: string;
  try {
    ({ token } = await server_.embed.createToken({ envelopeUuid, expiresIn: 600 }));
    ({ token: frenchToken } = await server_.embed.createToken({ envelopeUuid: frenchUuid }));
    ({ token: templateToken } = await server_.embed.createToken({
      templateUuid: templateUuids[0] ?? "",
    }));
  } finally {
    server_.tunnel.destroy();
  }
  const accessKey = token.split(".")[0] ?? "";

  // The editor's page names the team's site alone; the app's other pages stay unframeable.
  const framed = await fetch(`${WEB_URL}/embed/edit/${accessKey}`);
  expect(framed.headers.get("content-security-policy")).toContain(`frame-ancestors ${ALLOWED};`);
  expect(framed.headers.get("x-frame-options")).toBeNull();
  const plain = await fetch(`${WEB_URL}/login`);
  expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const options = { appUrl: WEB_URL, token, envelopeUuid };
  await page.goto(`${ALLOWED}/#${encodeURIComponent(JSON.stringify(options))}`);
  const frame = await editorFrame(page);
  // The token left the frame's address with the fragment.
  await expect.poll(() => frame.url()).toBe(`${WEB_URL}/embed/edit/${accessKey}`);
  const t = EDITOR.en;
  await expect(frame.getByRole("button", { name: t.add, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, "embedded editor, 1280 px");
  await keepScreenshot(page, testInfo, "embedded-editor-1280-en");

  const signer = { email: uniqueEmail("embedded-editor"), firstname: "Eda", lastname: "Framed" };
  await frame.getByRole("button", { name: t.add, exact: true }).click();
  const dialog = frame.getByRole("dialog");
  await dialog.getByRole("combobox", { name: t.email, exact: true }).fill(signer.email);
  await dialog.getByRole("textbox", { name: t.firstname, exact: true }).fill(signer.firstname);
  await dialog.getByRole("textbox", { name: t.lastname, exact: true }).fill(signer.lastname);
  await dialog.getByRole("button", { name: t.addRecipient }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await frame
    .getByRole("button", { name: t.placeFor(`${signer.firstname} ${signer.lastname}`) })
    .click();
  await frame.getByRole("button", { name: t.signature, exact: true }).click();
  await frame.getByRole("button", { name: t.placeOn(1) }).click({ position: { x: 120, y: 420 } });
  await expect(frame.getByText(t.saved)).toBeVisible({ timeout: 15_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, "embedded editor, 390 px");
  await keepScreenshot(page, testInfo, "embedded-editor-390-en");
  await page.setViewportSize({ width: 1280, height: 900 });

  await frame.getByRole("button", { name: t.send, exact: true }).click();
  const events = () =>
    page.evaluate(
      () =>
        (window as unknown as { parapheEvents: { name: string; detail: unknown }[] }).parapheEvents,
    );
  await expect
    .poll(async () => (await events()).map((event) => event.name), { timeout: 30_000 })
    .toContain("sent");
  const received = await events();
  expect(received[0]).toEqual({ name: "ready", detail: { kind: "envelope", uuid: envelopeUuid } });
  expect(received.filter((event) => event.name === "saved").length).toBeGreaterThanOrEqual(2);
  expect(received.find((event) => event.name === "sent")?.detail).toEqual({ envelopeUuid });
  expect(received.map((event) => event.name)).not.toContain("error");
  // The frame stays on the editor's page (no sign-in, no other page of the app).
  await expect(frame.getByRole("status").getByText(/has been sent/)).toBeVisible();
  expect(frame.url()).toBe(`${WEB_URL}/embed/edit/${accessKey}`);

  // The envelope went out: the signer's invitation arrives.
  const mail = await waitForMail(signer.email, 1, 30_000);
  expect(mail.text).toContain("/sign/");

  // The editor in French, for another draft: accessible too.
  const french = { appUrl: WEB_URL, token: frenchToken, envelopeUuid: frenchUuid, language: "fr" };
  await page.goto(`${ALLOWED}/fr#${encodeURIComponent(JSON.stringify(french))}`);
  const frenchFrame = await editorFrame(page);
  await expect(frenchFrame.getByRole("button", { name: EDITOR.fr.add, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(frenchFrame.locator("html")).toHaveAttribute("lang", "fr");
  await expectAccessible(page, "embedded editor in French, 1280 px");
  await keepScreenshot(page, testInfo, "embedded-editor-1280-fr");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, "embedded editor in French, 390 px");
  await keepScreenshot(page, testInfo, "embedded-editor-390-fr");
  await page.setViewportSize({ width: 1280, height: 900 });

  // A template's token opens its template, and not the team's other template: the frame says it
  // could not load it, and the page hears the api's NOT_FOUND, never ready.
  const [lease, loan] = templateUuids;
  // (Each on a page of its own address: a change of the fragment alone would not load it again.)
  for (const [path, templateUuid, expected] of [
    ["/", lease, { name: "ready", detail: { kind: "template", uuid: lease } }],
    ["/fr", loan, { name: "error", detail: { code: "NOT_FOUND" } }],
  ] as const) {
    const options = { appUrl: WEB_URL, token: templateToken, templateUuid };
    await page.goto(`${ALLOWED}${path}#${encodeURIComponent(JSON.stringify(options))}`);
    await editorFrame(page);
    await expect.poll(events, { timeout: 30_000 }).toEqual([expected]);
  }
  await expect(page.frames()[1]!.getByRole("alert")).toBeVisible();
  await context.close();
});
