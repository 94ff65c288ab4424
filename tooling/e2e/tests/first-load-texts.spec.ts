import { expect, test, type Page } from "@playwright/test";

// The web app's texts: each language of each namespace it shows is a chunk of its own
// (`texts-<language>-<namespace>-<hash>.js`), downloaded in the reader's language only, and the other
// language when the reader switches to it. Every page's frame shows all four namespaces.

/** A text chunk's language and namespace, from its path. */
const TEXTS_CHUNK = /^\/assets\/texts-(en|fr)-(\w+)-[\w-]+\.js$/;

/** The text chunks the page downloads, as `language/namespace`, in order. */
function collectTextDownloads(page: Page): string[] {
  const downloads: string[] = [];
  page.on("request", (request) => {
    const match = TEXTS_CHUNK.exec(new URL(request.url()).pathname);
    if (match) downloads.push(`${match[1]}/${match[2]}`);
  });
  return downloads;
}

test("web: /login downloads its texts in the reader's language only, and the other language once, when the reader switches to it", async ({
  page,
}) => {
  const downloads = collectTextDownloads(page);
  await page.goto("/login?lng=en");
  await expect(page.getByRole("heading", { name: "Sign in to Paraphe" })).toBeVisible();
  expect([...downloads].sort()).toEqual(["en/common", "en/errors", "en/security", "en/web"]);

  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Se connecter à Paraphe" })).toBeVisible();
  expect(downloads.filter((download) => download.startsWith("fr/")).sort()).toEqual([
    "fr/common",
    "fr/errors",
    "fr/security",
    "fr/web",
  ]);

  // Back and forth: each language's texts are already there.
  await page.getByRole("button", { name: "Langue : Français" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Paraphe" })).toBeVisible();
  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Se connecter à Paraphe" })).toBeVisible();
  expect(downloads).toHaveLength(8);
});

test("web: /login paints without the language menu and the security dialog, which download when the reader reaches for them", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/assets/") && path.endsWith(".js")) scripts.push(path);
  });
  const downloaded = (name: string) => scripts.some((path) => path.startsWith(`/assets/${name}-`));
  await page.goto("/login?lng=en");
  await expect(page.getByRole("textbox", { name: "Email address" })).toBeFocused();
  expect(downloaded("language-menu-dropdown")).toBe(false);
  expect(downloaded("security-status-extras")).toBe(false);

  // Hovering the language button downloads the menu; opening it shows the languages at once.
  await page.getByRole("button", { name: "Language: English" }).hover();
  await expect.poll(() => downloaded("language-menu-dropdown")).toBe(true);
  await page.getByRole("button", { name: "Language: English" }).click();
  await expect(page.getByRole("menuitemradio", { name: "Français" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menuitemradio")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Language: English" })).toBeFocused();

  // The security button: its tooltip and dialog download on focus, and the tooltip shows.
  const security = page.getByRole("button", { name: /^Connection security: / });
  await security.focus();
  await expect(page.getByRole("tooltip")).toContainText("Click to learn more");
  expect(downloaded("security-status-extras")).toBe(true);
  await security.click();
  await expect(page.getByRole("dialog", { name: "Connection security" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(security).toBeFocused();
});
