import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createApiClient, DEFAULT_APP_CREDENTIALS, type ApiClient } from "@paraphe/api-sdk";
import { createEvidenceVerifier, parseReferenceValues } from "@paraphe/attestation";
import { expect, test, type Browser, type Frame, type Page } from "@playwright/test";
import { serveReactSigningPage, type ReactSigningSite } from "./embedded-react-page";
import { AGREEMENT, SIGNING, signingLinkOf } from "./envelope-flow";
import { serveOtherOrigins, type OtherOrigins } from "./other-origin";
import {
  API_URL,
  SIGN_URL,
  createAccountWithTeam,
  expectAccessible,
  uniqueEmail,
  waitForMail,
  type SessionUser,
} from "./support";

// Embedded signing: a page of another origin, which the test serves, frames an envelope's signing
// page with the built `@paraphe/embed` element, signs, and receives the events; a page of an origin
// the team did not list cannot frame it. The frame carries the team's branding (issue 33) as the
// signing page does: its logo and name in the header, its colour on the buttons. The React component
// `ParapheSigning`, installed from the package's packed tarball on a site of a third origin that the
// team also allows, signs another envelope and receives every event too.

const root = resolve(import.meta.dirname, "../../..");
const ALLOWED = "http://localhost:5185";
const NOT_ALLOWED = "http://localhost:5186";
/** The React component's site (embedded-react-page.ts), allowed too. */
const REACT_SITE = "http://localhost:5188";
/** The team's brand colour (dark enough for white text: used as it is), and as CSS computes it. */
const BRAND = "#7c2d12";
const BRAND_RGB = "rgb(124, 45, 18)";
/** A 1 x 1 PNG: the team's logo. */
const LOGO =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** The embedding page: the element of the packed package, the link from the fragment, the events. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Embedding site</title></head>
<body style="margin:0">
<script type="module">
  import { defineParapheSigning } from "/embed/index.js";
  defineParapheSigning();
  window.parapheEvents = [];
  const element = document.createElement("paraphe-signing");
  element.setAttribute("url", decodeURIComponent(location.hash.slice(1)));
  element.setAttribute("theme-radius", "4px");
  const language = new URLSearchParams(location.search).get("language");
  if (language) element.setAttribute("language", language);
  element.style.height = "100vh";
  for (const name of ["ready", "page-read", "signed", "completed", "declined", "error"]) {
    element.addEventListener("paraphe-" + name, (event) =>
      window.parapheEvents.push({ name, detail: event.detail }),
    );
  }
  document.body.appendChild(element);
</script>
</body></html>`;

/** The api as the team's member, over the tunnel with the web app's credential. */
function memberApi(user: SessionUser) {
  const file = resolve(root, "apps/api/dist/reference-values.json");
  return readFile(file, "utf8").then((text) =>
    createApiClient({
      baseUrl: API_URL,
      verifyEvidence: createEvidenceVerifier({
        referenceValues: parseReferenceValues(JSON.parse(text)),
      }),
      appCredential: DEFAULT_APP_CREDENTIALS.web,
      credential: () => ({ accessKey: user.accessKey, secretKey: user.secretKey }),
      language: () => "en",
    }),
  );
}

/** Uploads the agreement with a signature field for `signer` and sends it. */
async function sendAgreement(api: ApiClient, signer: string, lastname: string): Promise<void> {
  const draft = await api.envelope.upload({
    files: [{ filename: "Agreement.pdf", data: (await readFile(AGREEMENT)).toString("base64") }],
  });
  const saved = await api.envelope.saveRecipients({
    envelopeUuid: draft.uuid,
    recipients: [{ email: signer, firstname: "Edda", lastname }],
  });
  await api.envelope.saveFields({
    envelopeUuid: draft.uuid,
    fields: [
      {
        documentUuid: draft.documents[0]?.uuid ?? "",
        recipientUuid: saved.recipients[0]?.uuid ?? "",
        page: 0,
        x: 0.1,
        y: 0.6,
        width: 0.4,
        height: 0.1,
        kind: "signature",
      },
    ],
  });
  await api.envelope.send({ envelopeUuid: draft.uuid });
}

/** In the signing page's `frame` of `page`: reads both pages, types `name` as signature, swipes. */
async function signInFrame(page: Page, frame: Frame, name: string): Promise<void> {
  await page.mouse.move(500, 450);
  await expect(async () => {
    const bottom = await frame.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    await page.mouse.wheel(0, bottom ? -100_000 : 350);
    await expect(frame.getByText(SIGNING.en.read(2))).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await frame.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await frame.getByRole("tab", { name: SIGNING.en.type }).click();
  await frame.getByRole("textbox", { name: SIGNING.en.typedName }).fill(name);
  // The swipe, from the keyboard (its slider's End), as the other signing tests do.
  await frame.getByRole("slider", { name: SIGNING.en.swipe }).focus();
  await page.keyboard.press("End");
}

/**
 * Waits for `completed` among the events the embedding `page` noted (it comes once the envelope is
 * sealed: the last signature enqueues the seal), then checks them all: ready first, with its
 * payload; a page read for each page; signed then completed last, for one envelope.
 */
async function expectEveryEvent(page: Page): Promise<void> {
  type Noted = { name: string; detail: Record<string, unknown> };
  const events = () =>
    page.evaluate(() => (window as unknown as { parapheEvents: Noted[] }).parapheEvents);
  await expect
    .poll(async () => (await events()).map((event) => event.name), { timeout: 30_000 })
    .toContain("completed");
  const received = await events();
  const names = received.map((event) => event.name);
  expect(names[0]).toBe("ready");
  expect(received[0]?.detail).toEqual({ kind: "sign", title: "Agreement" });
  expect(names.filter((name) => name === "page-read").length).toBeGreaterThanOrEqual(2);
  expect(
    received.find((event) => event.name === "page-read" && event.detail.pagesRead === 2),
  ).toBeDefined();
  expect(names.slice(-2)).toEqual(["signed", "completed"]);
  const envelopeUuid = received.at(-1)?.detail.envelopeUuid;
  expect(envelopeUuid).toMatch(/^[0-9a-f-]{36}$/);
  expect(received.at(-2)?.detail.envelopeUuid).toBe(envelopeUuid);
}

/** axe on the embedding page and the frame in it, at 1024 then 390 px, then back to 1024 px. */
async function expectAccessibleAtBothWidths(page: Page, label: string): Promise<void> {
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label}, ${String(width)} px`);
  }
  await page.setViewportSize({ width: 1024, height: 900 });
}

/** The frame of the signing page in `page`, once it is there. */
async function signingFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().length).toBe(2);
  const frame = page.frames()[1];
  if (frame === undefined) throw new Error("no frame");
  return frame;
}

let sites: OtherOrigins;

test.beforeAll(async () => {
  // The element as published: the package's build (tsup), made once if the suite's build did not.
  sites = await serveOtherOrigins(PAGE, [5185, 5186]);
});

test.afterAll(async () => {
  await sites.close();
});

/**
 * The React component's site, in a context of its own, frames the signing page of the envelope
 * sent to `signer`; the signer reads, signs, and the page's callbacks receive every event.
 */
async function signWithReactComponent(browser: Browser, signer: string): Promise<void> {
  const link = signingLinkOf(await waitForMail(signer, 1, 30_000));
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${REACT_SITE}/#${encodeURIComponent(link)}`);
    const frame = await signingFrame(page);
    await expect(frame.getByText(SIGNING.en.anyRead)).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => frame.url()).toMatch(/\/embed\/sign\/[0-9a-f-]+$/);
    await signInFrame(page, frame, "Edda React");
    await expectEveryEvent(page);
  } finally {
    await context.close();
  }
}

// The React component's page, from the packed package (after the hooks above: the package built).
let reactSite: ReactSigningSite | undefined;

test.beforeAll(async () => {
  reactSite = await serveReactSigningPage(Number(new URL(REACT_SITE).port));
});

test.afterAll(async () => {
  await reactSite?.close();
});

test("a site the team allows frames the signing page and gets every event, with the element and with the React component of the packed package; another site cannot", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await createAccountWithTeam({ team: "Embedding team" });
  const api = await memberApi(owner);
  const signer = uniqueEmail("embedded-signer");
  const reactSigner = uniqueEmail("embedded-react-signer");
  const frenchSigner = uniqueEmail("embedded-french-signer");
  try {
    await api.embedding.save({ origins: [ALLOWED, REACT_SITE] });
    await api.branding.uploadLogo({ contentType: "image/png", data: LOGO });
    await api.branding.save({ displayName: "Embedded & Co", color: BRAND, showPoweredBy: true });
    await sendAgreement(api, signer, "Embedded");
    await sendAgreement(api, reactSigner, "React");
    await sendAgreement(api, frenchSigner, "French");
  } finally {
    api.tunnel.destroy();
  }
  const link = signingLinkOf(await waitForMail(signer, 1, 30_000));
  const embedded = link.replace(`${SIGN_URL}/sign/`, `${SIGN_URL}/embed/sign/`).split("#")[0] ?? "";

  // The embedded page names the allowed origins alone; the page outside /embed/ stays unframeable.
  const framed = await fetch(embedded);
  expect(framed.headers.get("content-security-policy")).toContain(
    `frame-ancestors ${ALLOWED} ${REACT_SITE};`,
  );
  expect(framed.headers.get("x-frame-options")).toBeNull();
  const plain = await fetch(link.split("#")[0] ?? "");
  expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(plain.headers.get("x-frame-options")).toBe("DENY");

  // A site that is not on the list: the browser refuses the frame, no event comes.
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const refused = await context.newPage();
  const blocked = new Promise<string>((done) => {
    refused.on("console", (message) => {
      if (message.text().includes("frame-ancestors")) done(message.text());
    });
  });
  await refused.goto(`${NOT_ALLOWED}/#${encodeURIComponent(link)}`);
  expect(await blocked).toContain(`frame-ancestors ${ALLOWED}`);
  expect(await blocked).toContain("blocked");
  const refusedFrame = await signingFrame(refused);
  await expect(refusedFrame.getByText(SIGNING.en.anyRead)).toHaveCount(0);
  await refused.close();

  // The allowed sites, side by side: on the element's, the signer reads both pages in the frame,
  // signs, and the page hears it all; the React component's does the same for the other envelope.
  await Promise.all([
    (async () => {
      const page = await context.newPage();
      await page.goto(`${ALLOWED}/#${encodeURIComponent(link)}`);
      const frame = await signingFrame(page);
      expect(frame.url()).toMatch(/\/embed\/sign\/[0-9a-f-]+$/);
      await expect(frame.getByText(SIGNING.en.anyRead)).toBeVisible({ timeout: 30_000 });
      // The team's look, as on the signing page: its logo and name in the header, its colour on the
      // primary buttons; the page's promise of secure signing stays Paraphe's words.
      const brand = frame.getByTestId("team-brand");
      await expect(brand).toHaveText("Embedded & Co");
      await expect(brand.locator("img")).toHaveJSProperty("naturalWidth", 1);
      await expect(frame.getByText("Paraphe", { exact: true })).toHaveCount(0);
      await expect(frame.getByRole("banner").getByText("Secure document signing")).toBeVisible();
      await expect(frame.getByRole("button", { name: SIGNING.en.sign, exact: true })).toHaveCSS(
        "background-color",
        BRAND_RGB,
      );
      await expectAccessibleAtBothWidths(page, "embedded signing page (en)");
      await signInFrame(page, frame, "Edda Embedded");
      await expectEveryEvent(page);
    })(),
    signWithReactComponent(browser, reactSigner),
    (async () => {
      // The embedded page in French (the element's language), for a third envelope: accessible at
      // both widths too.
      const french = signingLinkOf(await waitForMail(frenchSigner, 1, 30_000));
      const page = await context.newPage();
      await page.goto(`${ALLOWED}/?language=fr#${encodeURIComponent(french)}`);
      const frame = await signingFrame(page);
      await expect(frame.getByText(SIGNING.fr.anyRead)).toBeVisible({ timeout: 30_000 });
      await expect(frame.locator("html")).toHaveAttribute("lang", "fr");
      await expectAccessibleAtBothWidths(page, "embedded signing page (fr)");
    })(),
  ]);
  await context.close();
});
