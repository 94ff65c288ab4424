import { expect, test } from "@playwright/test";
import { expectAccessible, keepScreenshot, signUpWithTeam } from "./support";

// With motion (the rest of the suite runs with reduced motion): the navigation's width transition,
// the pages' fade-in and the menus' animations are what a person without that setting sees.
test.use({ reducedMotion: "no-preference" });

test("the side navigation collapses to icons with tooltips, and the avatar and logo menus offer their items", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpWithTeam(page);

  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const item of ["Dashboard", "Envelopes", "Inbox", "Templates", "Contacts", "Settings"]) {
    await expect(nav.getByRole("link", { name: item })).toBeVisible();
  }
  const widthOf = async () => (await nav.boundingBox())?.width ?? 0;
  expect(await widthOf()).toBeGreaterThan(180);
  await page.getByRole("button", { name: "Collapse the navigation" }).click();
  await expect.poll(widthOf).toBeLessThan(100);
  await nav.getByRole("link", { name: "Envelopes" }).hover();
  await expect(page.getByRole("tooltip", { name: "Envelopes" })).toBeVisible();
  await keepScreenshot(page, testInfo, "layout-collapsed");
  await expectAccessible(page, "collapsed navigation with a tooltip");
  await page.getByRole("button", { name: "Expand the navigation" }).click();

  await page.getByRole("button", { name: "Account menu" }).click();
  for (const item of ["Profile", "Support", "Log out"]) {
    await expect(page.getByRole("menuitem", { name: item })).toBeVisible();
  }
  await expectAccessible(page, "account menu open");
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);

  await page.getByRole("button", { name: "Paraphe menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Read the privacy policy" })).toHaveAttribute(
    "href",
    /\/en\/privacy$/,
  );
  await expect(page.getByRole("menuitem", { name: "Read the privacy policy" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect(
    page.getByRole("menuitem", { name: "Read about signature legality" }),
  ).toHaveAttribute("href", /\/en\/signature-legality$/);
  await expectAccessible(page, "Paraphe menu open");
  await page.keyboard.press("Escape");

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test("below 1024 px the navigation is a drawer behind a mobile header, in French too", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpWithTeam(page, { language: "fr", firstname: "Zoë" });

  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu de navigation" }).click();
  await expect(nav).toBeVisible();
  await keepScreenshot(page, testInfo, "layout-drawer-fr");
  await expectAccessible(page, "navigation drawer open (fr, 390 px)");
  await nav.getByRole("link", { name: "Paramètres" }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(nav).toBeHidden();

  await page.getByRole("button", { name: "Menu de navigation" }).click();
  await page.getByRole("button", { name: "Menu Paraphe" }).click();
  await expect(
    page.getByRole("menuitem", { name: "Lire la politique de confidentialité" }),
  ).toHaveAttribute("href", /\/fr\/privacy$/);
});
