import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./support";

test.describe("language", () => {
  test("?lng=fr shows French, and the choice survives a reload", async ({ page }, testInfo) => {
    await page.goto("/nothing-here?lng=fr");
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByText("La signature électronique pour les équipes")).toBeVisible();
    await keepScreenshot(page, testInfo, "web-not-found-fr");

    await page.goto("/nothing-here");
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  });

  test("the language menu switches between English and French, and the choice is kept", async ({
    page,
  }) => {
    await page.goto("/nothing-here");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: "Français" }).click();
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Se connecter" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();

    await page.getByRole("button", { name: "Langue : Français" }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("the signing app follows ?lng=fr and its language choice", async ({ page }) => {
    await page.goto("http://localhost:5174/anywhere?lng=fr");
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
    await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.goto("http://localhost:5174/anywhere");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
