import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { keepScreenshot, signUpWithTeam } from "./support";

// Imports (issue 15): three PDFs at once become three drafts, each with its own result and link;
// the Google Drive import says plainly that no cloud drive is configured in this build.

const AGREEMENT = path.join(import.meta.dirname, "..", "fixtures", "agreement-2-pages.pdf");

test("importing three PDFs at once makes three drafts, each with its result", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpWithTeam(page, { team: "Importers" });
  await page.goto("/envelopes/import");
  const buffer = await readFile(AGREEMENT);
  await page.getByLabel("Choose files").setInputFiles(
    ["Lease", "Loan", "Licence"].map((name) => ({
      name: `${name}.pdf`,
      mimeType: "application/pdf",
      buffer,
    })),
  );
  await page.getByRole("button", { name: "Import 3 files" }).click();
  await expect(page.getByText("Import finished: 3 files imported, 0 refused.")).toBeVisible({
    timeout: 60_000,
  });
  const files = page.getByRole("list", { name: "Files to import" });
  await expect(files.getByRole("progressbar")).toHaveCount(3);
  for (const title of ["Lease", "Loan", "Licence"]) {
    await expect(files.getByRole("link", { name: `Open the draft “${title}”` })).toBeVisible();
  }
  await keepScreenshot(page, testInfo, "imports-three-pdfs");

  await files.getByRole("link", { name: "Open the draft “Loan”" }).click();
  await page.waitForURL(/\/envelopes\/[^/]+\/[^/]+\/edit$/);
  await page.goto("/envelopes/draft");
  for (const title of ["Lease", "Loan", "Licence"]) {
    await expect(page.getByRole("link", { name: title, exact: true }).first()).toBeVisible();
  }
});

test("the Google Drive import says that no cloud drive is configured", async ({ page }) => {
  await signUpWithTeam(page, { team: "Drive Less" });
  await page.goto("/envelopes/import-google-drive");
  await expect(page.getByText("Cloud drive not configured")).toBeVisible();
  await page.getByRole("link", { name: "Import from this device" }).click();
  await page.waitForURL((url) => url.pathname === "/envelopes/import");
});
