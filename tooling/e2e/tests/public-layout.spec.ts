import { expect, test } from "@playwright/test";
import { expectAccessible, keepScreenshot } from "./support";

for (const width of [390, 800, 1280]) {
  test(`the public layout shows branding, subtitle and the sign-in item at ${width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/unknown?lng=en");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Paraphe" })).toBeVisible();
    await expect(banner.getByText("Electronic signatures for teams")).toBeVisible();
    const signIn = banner.getByRole("link", { name: "Sign in" });
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute("href", "/login");
    // Nothing overflows the page horizontally.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, `web public layout (${width} px)`);
    await keepScreenshot(page, testInfo, `web-public-layout-${width}`);
  });
}

test("the signing app's public layout shows branding and subtitle in French", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("http://localhost:5174/x?lng=fr");
  await expect(page.getByText("Signature sécurisée de documents")).toBeVisible();
  await expect(page.getByRole("link", { name: "Se connecter à Paraphe" })).toBeVisible();
  await expectAccessible(page, "signing app public layout (fr, 390 px)");
  await keepScreenshot(page, testInfo, "sign-public-layout-390-fr");
});
