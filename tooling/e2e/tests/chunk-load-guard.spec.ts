import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./support";

for (const app of [
  // With nobody signed in, the web app's home leads to the sign-in page; the signing app has none.
  { name: "web", url: "http://localhost:5173", heading: "Sign in to Paraphe" },
  { name: "sign", url: "http://localhost:5174", heading: "Page not found" },
]) {
  test(`${app.name}: a 404 on a script under /assets/ reloads the page at most 3 times in 60 s, then gives up`, async ({
    page,
  }, testInfo) => {
    let documentLoads = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documentLoads += 1;
    });
    await page.route("**/assets/index-*.js", (route) =>
      route.fulfill({ status: 404, body: "Not found" }),
    );

    await page.goto(`${app.url}/?lng=en`);
    const failure = page.getByTestId("chunk-load-failure");
    await expect(failure).toBeVisible({ timeout: 15_000 });
    await expect(failure).toContainText("Paraphe could not be loaded");
    // The first load and exactly three automatic reloads.
    expect(documentLoads).toBe(4);
    const reloads = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("paraphe.chunkReloads") ?? "[]"),
    );
    expect(reloads).toHaveLength(3);
    await keepScreenshot(page, testInfo, `${app.name}-chunk-load-give-up`);

    // Once the assets load again, the reload button brings the app back.
    await page.unroute("**/assets/index-*.js");
    await failure.getByRole("button", { name: "Reload the page" }).click();
    await expect(page.getByTestId("chunk-load-failure")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: app.heading })).toBeVisible();
  });
}

test("the give-up message is in French on a French page", async ({ page }) => {
  await page.route("**/assets/index-*.js", (route) =>
    route.fulfill({ status: 404, body: "Not found" }),
  );
  await page.goto("/?lng=fr");
  await expect(page.getByTestId("chunk-load-failure")).toContainText(
    "Impossible de charger Paraphe",
    {
      timeout: 15_000,
    },
  );
});
