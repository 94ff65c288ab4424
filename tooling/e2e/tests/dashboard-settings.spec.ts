import { expect, test, type Page } from "@playwright/test";
import { TEAM_SEATS } from "./seeded-team";
import { expectAccessible, keepScreenshot, signUpWithTeam, uniqueEmail } from "./support";

// The dashboard's team blocks and the settings (issue 11): a new team's owner finds its members,
// roles, workspaces and single sign-on state on the dashboard, each block linking to its page; the
// settings navigation groups the Account and Team pages; the interface language can be chosen in
// the profile settings. One test works in French. (That a role without `read Team` sees neither
// the blocks nor the team pages is proven by the web app's component tests: no seeded person
// lacks it.)

const WIDTHS = [390, 1280] as const;

/** The owner's team blocks of a new team: one member, the four managed roles, one workspace. */
async function expectTeamBlocks(
  page: Page,
  words: { region: string; members: string; seats: RegExp; roles: string; workspaces: string },
): Promise<void> {
  const team = page.getByRole("region", { name: words.region });
  await expect(
    team.getByRole("link", { name: new RegExp(`^${words.members}\\s*1\\s*`) }),
  ).toHaveAttribute("href", "/settings/members");
  await expect(team.getByRole("link", { name: new RegExp(`^${words.members}`) })).toContainText(
    words.seats,
  );
  await expect(
    team.getByRole("link", { name: new RegExp(`^${words.roles}\\s*4$`) }),
  ).toHaveAttribute("href", "/settings/roles");
  await expect(
    team.getByRole("link", { name: new RegExp(`^${words.workspaces}\\s*1$`) }),
  ).toHaveAttribute("href", "/settings/workspaces");
}

test("an owner's dashboard counts the team's members, roles and workspaces and links to each page", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpWithTeam(page);
  await expectTeamBlocks(page, {
    region: "Your team",
    members: "Members",
    seats: new RegExp(`Seats:\\s*1 of ${TEAM_SEATS} used`),
    roles: "Roles",
    workspaces: "Workspaces",
  });
  const team = page.getByRole("region", { name: "Your team" });
  await expect(team.getByText("Single sign-on", { exact: true })).toBeVisible();
  await expect(team.getByText("Not configured")).toBeVisible();
  await expect(team.getByRole("link", { name: "Set up single sign-on" })).toHaveAttribute(
    "href",
    "/settings/sso",
  );
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `dashboard with the team blocks (${width} px)`);
    await keepScreenshot(page, testInfo, `dashboard-team-blocks-en-${width}`);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await team.getByRole("link", { name: /^Roles/ }).click();
  await page.waitForURL((url) => url.pathname === "/settings/roles");
  const sections = page.getByRole("navigation", { name: "Settings sections" });
  await expect(sections.getByRole("heading", { name: "Account" })).toBeVisible();
  await expect(sections.getByRole("heading", { name: "Team" })).toBeVisible();
  await expect(sections.getByRole("list", { name: "Account" }).getByRole("link")).toHaveText([
    "Profile",
    "Sessions",
    "Passkeys",
    "Security",
    "Support",
  ]);
  await expect(sections.getByRole("list", { name: "Team" }).getByRole("link")).toHaveText([
    "Members",
    "Roles",
    "Workspaces",
    "Tags",
    "Single sign-on",
    "Branding",
    "Messages",
    "Mail sender",
    "Embedding",
    "Retention",
    "API keys",
    "Webhooks",
    "Subscription",
    "Usage",
  ]);
  await expect(sections.getByRole("link", { name: "Roles" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `settings navigation (${width} px)`);
    await keepScreenshot(page, testInfo, `settings-navigation-en-${width}`);
  }
});

test("the interface language chosen in the profile settings turns the app to French and back", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpWithTeam(page);
  await page.goto("/settings/profile");
  const english = page.getByRole("radiogroup", { name: "Interface language" });
  await expect(english.getByRole("radio", { name: "English" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Preferred language for emails" })).toBeVisible();
  await keepScreenshot(page, testInfo, "profile-interface-language-en-1280");

  await english.getByRole("radio", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  const french = page.getByRole("radiogroup", { name: "Langue de l’interface" });
  await expect(french.getByRole("radio", { name: "Français" })).toBeChecked();
  // The mail language is the profile's own: unchanged, and labelled as such.
  await expect(
    page.getByRole("combobox", { name: "Langue préférée pour les e-mails" }),
  ).toHaveValue("en");
  await page.setViewportSize({ width: 390, height: 900 });
  await expectAccessible(page, "profile settings in French (390 px)");
  await keepScreenshot(page, testInfo, "profile-interface-language-fr-390");

  // The choice stays on this device.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Votre équipe" })).toBeVisible();
  await page.goto("/settings/profile");
  await page
    .getByRole("radiogroup", { name: "Langue de l’interface" })
    .getByRole("radio", { name: "English" })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
});

test("en français : les blocs de l’équipe, la navigation des paramètres et l’import sur la page d’une étiquette", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpWithTeam(page, { language: "fr", team: "Machines analytiques" });
  await expectTeamBlocks(page, {
    region: "Votre équipe",
    members: "Membres",
    seats: new RegExp(`Sièges\\s*:\\s*1 sur ${TEAM_SEATS} utilisés`),
    roles: "Rôles",
    workspaces: "Espaces de travail",
  });
  await expect(
    page.getByRole("region", { name: "Votre équipe" }).getByText("Non configurée"),
  ).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `tableau de bord (${width} px)`);
    await keepScreenshot(page, testInfo, `dashboard-team-blocks-fr-${width}`);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/settings/tags");
  const sections = page.getByRole("navigation", { name: "Sections des paramètres" });
  await expect(sections.getByRole("heading", { name: "Compte" })).toBeVisible();
  await expect(sections.getByRole("heading", { name: "Équipe" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Étiquettes" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const tagName = `Urgent ${uniqueEmail("tag").slice(4, 12)}`;
  await page.getByRole("button", { name: "Nouvelle étiquette" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle étiquette" });
  await dialog.getByLabel(/^Nom/).fill(tagName);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("row").filter({ hasText: tagName })).toBeVisible();

  // The owner may upload from a tag's page: the button is enabled and drawn as such.
  await page.goto(`/envelopes/tag/${encodeURIComponent(tagName)}`);
  await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-busy", "false");
  const upload = page.getByRole("button", { name: "Importer", exact: true }).first();
  await expect(upload).toBeVisible();
  await expect(upload).not.toHaveAttribute("aria-disabled", "true");
  await expect(upload).toBeEnabled();
  await expectAccessible(page, "enveloppes d’une étiquette (1280 px)");
  await keepScreenshot(page, testInfo, "envelopes-of-a-tag-upload-fr-1280");
  await upload.click();
  await expect(page.getByRole("dialog", { name: "Importer des documents" })).toBeVisible();
});
