import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  openAsRecipient,
  openWhenComplete,
  prepareAndSend,
  readEveryPage,
  SIGNING,
  signingLinkOf,
  swipe,
} from "./envelope-flow";
import {
  apiClientAs,
  createAccountWithTeam,
  expectAccessible,
  keepScreenshot,
  openSignedIn,
  uniqueEmail,
  waitForMail,
} from "./support";
import {
  DEVELOPMENT_SEAL_CERTIFICATE,
  downloadSealedAndProof,
  parapheVerify,
  pdfsigReport,
} from "./sealed-files";
import { VALIDATION_AUTHORITY } from "./validation-authority";

// Qualified electronic signatures (QES): the sender chooses the level in the editor (offered since
// the suite's api has a qualified provider, the test CSC service on port 5189); the signer reads,
// draws, signs in at the provider in the window the page opens, comes back to choose nothing (one
// certificate) and types its PIN; a wrong PIN is said and changes nothing, the right one signs.
// The seal reaches PAdES B-LTA: the provider's certificates name its CRLs, which the seal embeds.

/** The provider's user of the test CSC service (DEFAULT_CSC_USERS). */
const PROVIDER_USER = { id: "ada", password: "ada-password", pin: "123456" };
/** The test CSC service (playwright.config.ts), which serves its root at /ca.pem. */
const PROVIDER_URL = "http://127.0.0.1:5189";

test("a QES envelope: the qualified step passes axe on a phone in French; the signer signs in at the qualified provider in a window of its own, a wrong PIN is refused without a change, the right one signs; the sealed PDF passes pdfsig, qpdf and paraphe-verify at B-LTA", async ({
  page,
  browser,
}, testInfo) => {
  const sender = await createAccountWithTeam({ email: uniqueEmail("qes-sender") });
  await openSignedIn(page, sender);
  const ada = { email: uniqueEmail("qes-ada"), firstname: "Ada", lastname: "Lovelace" };
  const viewUrl = await prepareAndSend(page, [ada], {
    beforeSend: async (editor) => {
      const qes = editor.getByRole("radio", { name: /^Qualified electronic signature \(QES\)/ });
      await expect(qes).toBeEnabled();
      await qes.check();
    },
  });
  const envelopeUuid = /\/envelopes\/[0-9a-f-]+\/([0-9a-f-]+)\/view$/.exec(viewUrl)?.[1] ?? "";

  // On a phone in French first, up to the qualified step, which she leaves without signing.
  const phone = await openAsRecipient(browser, ada.email, 1, "fr");
  await readEveryPage(phone, "fr");
  await phone.getByRole("button", { name: SIGNING.fr.sign, exact: true }).click();
  await phone.getByRole("tab", { name: SIGNING.fr.type }).click();
  await phone.getByRole("textbox", { name: SIGNING.fr.typedName }).fill("Ada Lovelace");
  await swipe(phone, "fr");
  const frenchStep = phone.getByRole("dialog", { name: "Signer avec votre certificat qualifié" });
  await expect(frenchStep).toBeVisible({ timeout: 15_000 });
  await expectAccessible(phone, "qualified signature step, 390 px, fr");
  await keepScreenshot(phone, testInfo, "qes-step-390-fr");
  await phone.context().close();

  // Then on desktop in English, where she signs.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const signing = await context.newPage();
  await signing.goto(signingLinkOf(await waitForMail(ada.email, 1, 30_000)));
  await readEveryPage(signing, "en");
  await signing.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await signing.getByRole("tab", { name: SIGNING.en.type }).click();
  await signing.getByRole("textbox", { name: SIGNING.en.typedName }).fill("Ada Lovelace");
  await swipe(signing);

  const step = signing.getByRole("dialog", { name: "Sign with your qualified certificate" });
  // Its code comes when it opens.
  await expect(step).toBeVisible({ timeout: 15_000 });
  await expectAccessible(signing, "qualified signature step, 1280 px, en");
  const popupOpened = signing.waitForEvent("popup");
  await step.getByRole("button", { name: "Sign with your qualified certificate" }).click();
  const provider = await popupOpened;
  // The provider's own sign-in page, then back to the signing app's callback, which closes.
  await provider.getByRole("textbox", { name: "User" }).fill(PROVIDER_USER.id);
  await provider.getByLabel("Password").fill(PROVIDER_USER.password);
  await provider.getByRole("button", { name: "Allow" }).click();
  await provider.waitForEvent("close");

  await expect(step.getByText(/^Issued by CN=Paraphe test qualified signing CA/)).toBeVisible();
  const pin = step.getByLabel(/PIN of the certificate/);
  await pin.fill("999999");
  await step.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(step.getByRole("alert")).toContainText("The provider refused this PIN.");
  await expectAccessible(signing, "qualified signature, wrong PIN, 1280 px, en");
  await keepScreenshot(signing, testInfo, "qes-wrong-pin-1280-en");
  const api = apiClientAs(sender);
  try {
    expect((await api.envelope.get({ envelopeUuid })).recipients[0]?.status).toBe("pending");
  } finally {
    api.tunnel.destroy();
  }

  await pin.fill(PROVIDER_USER.pin);
  await step.getByRole("button", { name: "Sign", exact: true }).click();
  await signing.waitForURL(/\/confirmation/);
  await context.close();

  // The sender downloads the sealed PDF and its proof.
  await openWhenComplete(page, sender.email, viewUrl);
  const downloaded = await downloadSealedAndProof(page, "qes");
  const files = { ...downloaded, root: join(downloaded.dir, "provider-root.pem") };
  // Ada's qualified signature, the seal, then the seal's validation data and its document
  // timestamp (PAdES B-LTA).
  const sig = await pdfsigReport(files.sealed);
  expect(sig.match(/Signature #\d+:/g), sig).toHaveLength(3);
  expect(sig.match(/Signature is Valid/g), sig).toHaveLength(2);
  expect(sig).not.toMatch(/Digest Mismatch|Signature is Invalid/);
  expect(sig).toMatch(/Signature #1:[\s\S]*Ada Lovelace[\s\S]*Signature #2:/);
  expect(sig).toMatch(/Signature #3:[\s\S]*Paraphe archival timestamp/);

  // paraphe-verify, built, as users run it, trusting the development seal certificate and the
  // provider's root (--ca, as a trusted list would), and the suite's validation authority for
  // timestamps (--tsa-ca): Ada's signature and the seal reach B-LTA.
  const root = await fetch(`${PROVIDER_URL}/ca.pem`);
  expect(root.status).toBe(200);
  await writeFile(files.root, await root.text());
  const verified = parapheVerify(
    files,
    ...["--ca", DEVELOPMENT_SEAL_CERTIFICATE, "--ca", files.root],
    ...["--tsa-ca", VALIDATION_AUTHORITY.caFile],
  );
  expect(verified.status, verified.stdout + verified.stderr).toBe(0);
  expect(verified.stdout).toContain("Valid: the sealed document and its proof are intact");
  expect(verified.stdout).toContain(
    "Sealed document: the certificate chain of Ada Lovelace leads to the trusted root Paraphe test qualified root",
  );
  for (const name of ["Ada Lovelace", "Paraphe"]) {
    expect(verified.stdout).toContain(`signature “${name}”: PAdES level B-LTA `);
  }
});
