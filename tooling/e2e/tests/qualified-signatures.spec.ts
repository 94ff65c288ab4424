import { expect, test } from "@playwright/test";
import { prepareAndSend, readEveryPage, SIGNING, signingLinkOf, swipe } from "./envelope-flow";
import {
  apiClientAs,
  createAccountWithTeam,
  expectAccessible,
  keepScreenshot,
  openSignedIn,
  uniqueEmail,
  waitForMail,
} from "./support";

// Qualified electronic signatures (QES): the sender chooses the level in the editor (offered since
// the suite's api has a qualified provider, the test CSC service on port 5189); the signer reads,
// draws, signs in at the provider in the window the page opens, comes back to choose nothing (one
// certificate) and types its PIN; a wrong PIN is said and changes nothing, the right one signs.

/** The provider's user of the test CSC service (DEFAULT_CSC_USERS). */
const PROVIDER_USER = { id: "ada", password: "ada-password", pin: "123456" };

test("a QES envelope: the signer signs in at the qualified provider in a window of its own, a wrong PIN is refused without a change, the right one signs, and the envelope is sealed", async ({
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
  expect((await api.envelope.get({ envelopeUuid })).recipients[0]?.status).toBe("pending");

  await pin.fill(PROVIDER_USER.pin);
  await step.getByRole("button", { name: "Sign", exact: true }).click();
  await signing.waitForURL(/\/confirmation/);
  await context.close();

  await expect
    .poll(async () => (await api.envelope.get({ envelopeUuid })).status, { timeout: 30_000 })
    .toBe("complete");
});
