import { expect, test } from "@playwright/test";
import { SIGN_URL, expectAccessible, keepScreenshot } from "./support";

const apps = [
  { name: "web", url: "http://localhost:5173" },
  { name: "sign", url: SIGN_URL },
];

for (const app of apps) {
  test.describe(`${app.name} app`, () => {
    test("an unknown path shows the not-found page in English", async ({ page }, testInfo) => {
      const response = await page.goto(`${app.url}/no/such/page?lng=en`);
      expect(response?.ok()).toBe(true);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page).toHaveTitle(/Page not found/);
      await expectAccessible(page, `${app.name} not found (en)`);
      await keepScreenshot(page, testInfo, `${app.name}-not-found-en`);
    });

    test("an unknown path shows the not-found page in French", async ({ page }, testInfo) => {
      await page.goto(`${app.url}/no/such/page?lng=fr`);
      await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
      await expect(page).toHaveTitle(/Page introuvable/);
      await expectAccessible(page, `${app.name} not found (fr)`);
      await keepScreenshot(page, testInfo, `${app.name}-not-found-fr`);
    });
  });
}

test("the web app sends a visitor without a session from / to /login", async ({ page }) => {
  await page.goto("/?lng=en");
  await expect(page).toHaveURL(/\/login$/);
});

test("/settings without a session leads to /login", async ({ page }) => {
  await page.goto("/settings?lng=en");
  await expect(page).toHaveURL(/\/login$/);
});
