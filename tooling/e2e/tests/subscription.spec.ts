import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { EDITOR, prepareAndSend, uploadAgreement } from "./envelope-flow";
import { LIMITED_TEAM } from "./seeded-team";
import { loginCodeOf, mailTo, uniqueEmail, waitForMail, WEB_URL } from "./support";

// Plan limits (spec §3 Subscription and Usage log, §9; issue 15): the operator's command put the
// limited team on a plan of LIMITED_TEAM.signatures electronic signatures a period before the api
// started (playwright.config.ts). Its owner sends up to the limit; the next send is refused in the
// editor with the upgrade message and a link to the Subscription page, which shows the signatures
// used out of the limit; the Usage page lists the sends and exports them as CSV and JSON files.

const LIMIT_MESSAGE =
  "The team has sent every envelope its plan allows in this period. Move to a larger plan on the Subscription page.";

/** Signs `email` in with a mailed code, in a context of its own that accepts downloads. */
async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: WEB_URL,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const mailsBefore = (await mailTo(email)).length;
  await page.goto("/login?lng=en");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByLabel("Verification code")
    .fill(loginCodeOf(await waitForMail(email, mailsBefore + 1)));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/register-passkey$/);
  await page.goto("/");
  return page;
}

/** A recipient whose mail nobody reads: the sends only need to pass. */
const recipient = () => ({
  email: uniqueEmail("limited-signer"),
  firstname: "Linus",
  lastname: "Limit",
});

/** A draft with one signer and their signature field, saved, in the editor. */
async function prepareDraft(page: Page): Promise<void> {
  const t = EDITOR.en;
  const signer = recipient();
  await uploadAgreement(page);
  await page.getByRole("button", { name: t.add, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: t.email, exact: true }).fill(signer.email);
  await dialog.getByRole("textbox", { name: t.firstname, exact: true }).fill(signer.firstname);
  await dialog.getByRole("textbox", { name: t.lastname, exact: true }).fill(signer.lastname);
  await dialog.getByRole("button", { name: t.addRecipient }).click();
  await expect(dialog).toBeHidden();
  await page
    .getByRole("button", { name: t.placeFor(`${signer.firstname} ${signer.lastname}`) })
    .click();
  await page.getByRole("button", { name: t.signature, exact: true }).click();
  await page.getByRole("button", { name: t.placeOn(1) }).click({ position: { x: 120, y: 420 } });
  await expect(page.getByText(t.saved)).toBeVisible({ timeout: 15_000 });
}

test("a send at the plan's signature limit is refused with the upgrade path, and the usage shows and exports the sends", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await signIn(browser, LIMITED_TEAM.owner);
  // The charts draw SVG with styles: nothing of them may break the Content Security Policy or
  // Trusted Types.
  const policyErrors: string[] = [];
  page.on("console", (message) => {
    if (
      message.type() === "error" &&
      /Content Security Policy|Trusted ?Type/i.test(message.text())
    ) {
      policyErrors.push(message.text());
    }
  });

  for (let index = 0; index < LIMITED_TEAM.signatures; index += 1) {
    await prepareAndSend(page, [recipient()], { sequential: false });
  }

  await prepareDraft(page);
  await page.getByRole("button", { name: EDITOR.en.send, exact: true }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "The document could not be sent." });
  await expect(refusal).toContainText(LIMIT_MESSAGE);
  const plansLink = refusal.getByRole("link", { name: "See the plans of the Subscription page" });
  await expect(plansLink).toHaveAttribute("href", "/settings/subscription");
  await expect(page).toHaveURL(/\/edit$/);

  await plansLink.click();
  await page.waitForURL(/\/settings\/subscription$/);
  const current = page.getByRole("region", { name: `Current plan: ${LIMITED_TEAM.planName}` });
  await expect(current).toBeVisible();
  await expect(
    current.getByRole("progressbar", {
      name: `Electronic signatures: ${String(LIMITED_TEAM.signatures)} of ${String(LIMITED_TEAM.signatures)}`,
    }),
  ).toBeVisible();

  await page
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: "Usage" })
    .click();
  await page.waitForURL(/\/settings\/usage$/);
  const log = page.getByRole("table", { name: "Usage log of the team" });
  await expect(log.getByRole("row").filter({ hasText: "Envelope sent" })).toHaveCount(
    LIMITED_TEAM.signatures,
  );
  await expect(log.getByRole("row").filter({ hasText: "Plan changed" })).toHaveCount(1);
  await expect(log.getByText("Olivia Owner").first()).toBeVisible();
  // The charts' numbers, as screen readers get them: today's day holds the sends.
  const numbers = page.getByRole("table", {
    name: "Envelopes sent and API credits consumed, by day",
  });
  const today = numbers.getByRole("row").last().getByRole("cell");
  await expect(today).toHaveText([String(LIMITED_TEAM.signatures), "0"]);

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Export as CSV" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await csvDownload.path(), "utf8");
  const lines = csv.split("\r\n").filter((line) => line !== "");
  // A byte-order mark first, so that Excel reads the accents right; events by their names.
  expect(lines[0]).toBe("\uFEFFDate and time,Event type,Details,User id,User name,User email");
  const rows = lines.slice(1).map((line) => line.split(","));
  expect(rows.filter((row) => row[1] === "Envelope sent")).toHaveLength(LIMITED_TEAM.signatures);
  expect(rows.filter((row) => row[1] === "Plan changed")).toHaveLength(1);
  expect(rows.every((row) => row.length === 6)).toBe(true);
  for (const row of rows.filter((cells) => cells[1] === "Envelope sent")) {
    expect(row[4]).toBe("Olivia Owner");
    expect(row[5]).toBe(LIMITED_TEAM.owner);
  }

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [jsonDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Export as JSON" }).click(),
  ]);
  expect(jsonDownload.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}\.json$/);
  const records = JSON.parse(await readFile(await jsonDownload.path(), "utf8")) as {
    at: string;
    type: string;
    details: string;
    userEmail: string | null;
  }[];
  expect(records).toHaveLength(rows.length);
  expect(records.filter((record) => record.type === "envelope_sent")).toHaveLength(
    LIMITED_TEAM.signatures,
  );
  expect(records.filter((record) => record.type === "plan_changed")).toEqual([
    expect.objectContaining({ details: `Plan set to ${LIMITED_TEAM.plan}`, userEmail: null }),
  ]);
  expect(records.map((record) => record.at)).toEqual(
    [...records.map((record) => record.at)].sort().reverse(),
  );
  expect(policyErrors).toEqual([]);
  await page.context().close();
});
