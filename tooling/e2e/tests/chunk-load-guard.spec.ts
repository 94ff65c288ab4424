import { expect, test } from "@playwright/test";
import { keepScreenshot, signUpWithTeam } from "./support";

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

/** The usage page's route module (a chunk of its own: `settings-usage-<hash>.js`). */
const USAGE_ROUTE_CHUNK = /\/assets\/settings-usage-[\w-]+\.js$/;

test("web: a route's chunk is not in /login's first load, and is downloaded when the route is visited", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/login?lng=en");
  await expect(page.getByRole("heading", { name: "Sign in to Paraphe" })).toBeVisible();
  expect(scripts.some((path) => path.startsWith("/assets/login-"))).toBe(true);
  expect(scripts.filter((path) => USAGE_ROUTE_CHUNK.test(path))).toEqual([]);

  await signUpWithTeam(page);
  expect(scripts.filter((path) => USAGE_ROUTE_CHUNK.test(path))).toEqual([]);
  await page.goto("/settings/profile");
  await page.getByRole("link", { name: "Usage", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Usage", exact: true, level: 2 })).toBeVisible();
  expect(scripts.filter((path) => USAGE_ROUTE_CHUNK.test(path))).toHaveLength(1);
});

test("web: a route's chunk gone after a deployment reloads the page once, without an error page", async ({
  page,
}) => {
  await signUpWithTeam(page);
  await page.goto("/settings/profile");
  const usageLink = page.getByRole("link", { name: "Usage", exact: true });
  await expect(usageLink).toBeVisible();
  // The tab was opened before a deployment: its build's usage chunk is gone from the server.
  let refused = 0;
  await page.route(USAGE_ROUTE_CHUNK, (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({ status: 404, body: "Not found" });
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("Unexpected error while rendering a page"))
      errors.push(message.text());
  });
  const reloaded = page.waitForEvent("load");

  await usageLink.click();
  await reloaded;
  expect(refused).toBe(1);
  const reloads = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("paraphe.chunkReloads") ?? "[]"),
  );
  expect(reloads).toHaveLength(1);
  // The reloaded page has the new build's chunk: the route opens.
  await page.getByRole("link", { name: "Usage", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Usage", exact: true, level: 2 })).toBeVisible();
  await expect(page.getByTestId("chunk-load-failure")).toHaveCount(0);
  expect(errors).toEqual([]);
});
