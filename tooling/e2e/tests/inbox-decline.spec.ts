import { expect, test } from "@playwright/test";
import { prepareAndSend } from "./envelope-flow";
import {
  createAccountWithTeam,
  expectAccessible,
  openSignedIn,
  signUpWithTeam,
  uniqueEmail,
  WEB_URL,
} from "./support";

test("a member declines a request from its inbox card on a phone in French, with a reason; the sender sees the decline in the envelope's activity and its document logs", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const signer = { email: uniqueEmail("inbox-signer"), firstname: "Grace", lastname: "Hopper" };
  // The signer has an account of their own, in another team: the request is in their inbox.
  const member = await createAccountWithTeam({
    email: signer.email,
    language: "fr",
    team: "Compilateurs",
    firstname: "Grace",
  });
  const viewUrl = await prepareAndSend(page, [signer], { sequential: false });
  const context = await browser.newContext({
    baseURL: WEB_URL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const phone = await context.newPage();
  await openSignedIn(phone, member, "fr");
  await phone.goto("/inbox");
  const pending = phone.getByRole("region", { name: /En attente/ });
  await pending.getByRole("button", { name: /^Refuser « / }).click();

  const dialog = phone.getByRole("dialog", { name: "Refuser de signer" });
  await dialog.getByRole("button", { name: "Refuser", exact: true }).click();
  await expect(dialog.getByText("Veuillez indiquer un motif.")).toBeVisible();
  await dialog.getByRole("textbox", { name: /Motif/ }).fill("Le prix n’est pas celui convenu.");
  await expectAccessible(phone, "inbox decline dialog, 390 px, French");
  await phone.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(phone, "inbox decline dialog, 1280 px, French");
  await phone.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole("button", { name: "Refuser", exact: true }).click();
  await expect(dialog).toBeHidden();

  const done = phone.getByRole("region", { name: /Terminées ou refusées/ });
  await expect(done.getByText("Refusé", { exact: true })).toBeVisible();
  await expect(pending.getByRole("button", { name: /^Refuser « / })).toHaveCount(0);
  await context.close();

  // The sender's view shows the reason in its activity, and the document logs list the decline.
  await page.goto(viewUrl);
  await expect(page.getByText("Le prix n’est pas celui convenu.").first()).toBeVisible();
  await page.getByRole("link", { name: /^Document logs \(\d+ events\)$/ }).click();
  await page.waitForURL(/\/logs$/);
  const logs = page.getByRole("table", { name: "Events of the document" });
  await expect(logs.getByText("Signature declined")).toBeVisible();
  await expectAccessible(page, "document logs, 1280 px, English");

  // The logs screen in both languages, on a phone and on a desktop.
  const logsUrl = new URL(page.url());
  for (const language of ["en", "fr"] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      logsUrl.searchParams.set("lng", language);
      await page.goto(logsUrl.toString());
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("main").getByRole("heading").first()).toBeVisible();
      await expectAccessible(page, `document logs, ${width} px, ${language}`);
    }
  }
});
