import { expect, test } from "@playwright/test";
import {
  expectAccessible,
  keepScreenshot,
  mailTo,
  signUpWithTeam,
  uniqueEmail,
  waitForMail,
} from "./support";
import { createActiveTemplate } from "./template-flow";

test("a bulk send of 25 rows with one bad row sends 24 envelopes and reports the bad row as row 13, naming its column and value, in the preview as in the report", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const editUrl = await createActiveTemplate(page, testInfo);
  await page.goto(editUrl.replace(/\/edit$/, "/bulk-send"));

  const run = uniqueEmail("bulk").split("@")[0] ?? "bulk";
  const employee = (n: number) => `${run}-employee-${n}@example.com`;
  const manager = (n: number) => `${run}-manager-${n}@example.com`;
  const lines = [
    "Employee email,Employee firstname,Employee lastname,Manager email,Manager firstname,Manager lastname,title",
  ];
  for (let n = 1; n <= 25; n++) {
    const employeeEmail = n === 13 ? "not-an-email" : employee(n);
    lines.push(`${employeeEmail},Emma,Row ${n},${manager(n)},Max,Manager,Onboarding ${n}`);
  }
  await page.getByLabel("CSV file").setInputFiles({
    name: "bulk.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${lines.join("\n")}\n`, "utf8"),
  });
  await expect(page.getByText("25 rows read.", { exact: false })).toBeVisible();
  await expect(page.getByText("1 row will be reported without being sent.")).toBeVisible();
  // The preview's check column, sorted, puts the bad row first.
  await page.getByRole("button", { name: "Check" }).click();
  await page.getByRole("button", { name: "Check" }).click();
  const problem = "Column “employee email”: “not-an-email” is not an email address.";
  await expect(page.getByText(`Will be reported: ${problem}`)).toBeVisible();
  // One numbering: the 13th data row is "13" in the preview, the report and their exports.
  const previewRow = page
    .getByRole("table", { name: "Rows of the file" })
    .getByRole("row")
    .filter({ hasText: "not-an-email" });
  await expect(previewRow.getByRole("cell").first()).toHaveText("13");
  await expectAccessible(page, "bulk send preview (en, 1280 px)");
  // The button counts the envelopes that will be sent, not the reported row.
  await page.getByRole("button", { name: "Send 24 envelopes" }).click();

  await expect(page.getByText("Done: 24 sent, 1 not sent.")).toBeVisible({ timeout: 120_000 });
  const report = page.getByRole("table", { name: "Report of the bulk send" });
  const reportedRow = report.getByRole("row").filter({ hasText: problem });
  await expect(reportedRow.getByRole("cell").first()).toHaveText("13");
  await expect(report.getByRole("link", { name: "Open the envelope" }).first()).toBeVisible();
  await keepScreenshot(page, testInfo, "bulk-send-report-1280-en");
  await expectAccessible(page, "bulk send report (en, 1280 px)");

  // The good rows' people were invited; nobody of the bad row was.
  for (const n of [1, 25]) {
    expect((await waitForMail(employee(n))).subject).toContain("Onboarding");
  }
  expect(await mailTo(manager(13))).toHaveLength(0);
});
