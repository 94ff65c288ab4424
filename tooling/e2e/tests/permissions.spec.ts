import { expect, test, type Browser, type Page } from "@playwright/test";
import { prepareAndSend, uploadAgreement } from "./envelope-flow";
import { SEEDED_TEAM } from "./seeded-team";
import {
  expectAccessible,
  keepScreenshot,
  loginCodeOf,
  mailTo,
  uniqueEmail,
  waitForMail,
  WEB_URL,
} from "./support";

// Client-side permissions (spec §6): a member of the seeded team with the managed Viewer role keeps
// the whole navigation, and finds every action the role cannot perform disabled with its reason
// (or, for the dashboard's upload shortcut, hidden). The api refuses these calls anyway.

const NAVIGATION = ["Dashboard", "Envelopes", "Inbox", "Templates", "Contacts", "Settings"];
const CREATE_REASON = "Your role does not allow you to create envelopes.";
const UPDATE_REASON = "Your role does not allow you to change or send envelopes.";

/** Signs `email` in with a mailed code, in a context of its own, and leaves the page on `/`. */
async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: WEB_URL,
    viewport: { width: 1280, height: 900 },
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

async function expectDenied(page: Page, name: string, reason: string): Promise<void> {
  const button = page.getByRole("button", { name, exact: true }).first();
  await expect(button).toHaveAttribute("aria-disabled", "true");
  await expect(button).toHaveAccessibleDescription(reason);
}

test("a Viewer keeps the navigation and finds what the role cannot do disabled with the reason", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);

  // The owner of the seeded team sends one envelope and leaves another as a draft.
  const owner = await signIn(browser, SEEDED_TEAM.owner);
  const viewUrl = await prepareAndSend(
    owner,
    [{ email: uniqueEmail("viewer-test-signer"), firstname: "Grace", lastname: "Hopper" }],
    { sequential: false },
  );
  await uploadAgreement(owner);
  const editUrl = owner.url();
  await owner.context().close();

  const page = await signIn(browser, SEEDED_TEAM.viewer);

  // The dashboard: the whole navigation, no upload shortcut.
  const navigation = page.getByRole("navigation", { name: "Main navigation" });
  for (const name of NAVIGATION) {
    await expect(navigation.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const quickAccess = page.getByRole("navigation", { name: "Quick access" });
  await expect(quickAccess.getByRole("link", { name: "Envelopes" })).toBeVisible();
  await expect(quickAccess.getByRole("link", { name: "Upload a document" })).toHaveCount(0);
  await expectAccessible(page, "dashboard of a Viewer");

  // The envelopes: the owner's are listed; upload is disabled with its reason, shown on focus.
  await page.goto("/envelopes");
  await expect(page.getByRole("link", { name: "agreement-2-pages" }).first()).toBeVisible();
  await expectDenied(page, "Upload", CREATE_REASON);
  await page.getByRole("button", { name: "Upload", exact: true }).first().focus();
  await expect(page.getByRole("tooltip")).toHaveText(CREATE_REASON);
  await keepScreenshot(page, testInfo, "viewer-envelopes");
  await expectAccessible(page, "envelopes of a Viewer");

  // A sent envelope: downloads work; move, cancel and resend are disabled with their reason.
  await page.goto(viewUrl);
  await expect(page.getByRole("button", { name: "Download the PDF" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Download the PDF" })).not.toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expectDenied(page, "Move to another workspace", UPDATE_REASON);
  await expectDenied(page, "Cancel the signature request", UPDATE_REASON);
  await expectDenied(page, "Resend the invitation to Grace Hopper", UPDATE_REASON);
  // Pressed, it only says why (Playwright does not click what is aria-disabled: the keyboard does).
  await page.getByRole("button", { name: "Cancel the signature request" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("tooltip")).toHaveText(UPDATE_REASON);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectAccessible(page, "sent envelope seen by a Viewer");

  // A draft opens read-only, with a note saying why; send is disabled with its reason.
  await page.goto(editUrl);
  await expect(page.getByRole("note")).toContainText("Your role lets you read this draft");
  await expectDenied(page, "Send", UPDATE_REASON);
  await expect(page.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
  await keepScreenshot(page, testInfo, "viewer-draft");
  await expectAccessible(page, "draft seen by a Viewer");

  // On a phone: the navigation is in the drawer, still whole; upload still says why.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/envelopes");
  await expectDenied(page, "Upload", CREATE_REASON);
  await expectAccessible(page, "envelopes of a Viewer (390 px)");
  await page.getByRole("button", { name: "Navigation menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Navigation menu" });
  for (const name of NAVIGATION) {
    await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expectAccessible(page, "navigation drawer of a Viewer (390 px)");
});
