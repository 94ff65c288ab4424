import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { API_URL, expectAccessible, keepScreenshot, signUpWithTeam, uniqueEmail } from "./support";
import { createActiveTemplate } from "./template-flow";

const root = resolve(import.meta.dirname, "../../..");
const tsx = resolve(import.meta.dirname, "../node_modules/.bin/tsx");

/** Runs the api SDK's API key example (`packages/api-sdk/examples/api-key.ts`) as its README says. */
async function runApiKeyExample(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; errors: string }> {
  const example = spawn(
    tsx,
    ["--conditions=@paraphe/source", "packages/api-sdk/examples/api-key.ts"],
    {
      cwd: root,
      env: {
        ...process.env,
        PARAPHE_API_URL: API_URL,
        PARAPHE_REFERENCE_VALUES_FILE: resolve(root, "apps/api/dist/reference-values.json"),
        ...env,
      },
    },
  );
  let output = "";
  let errors = "";
  example.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  example.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  const code = await new Promise<number | null>((done) => example.on("close", done));
  return { code, output, errors };
}

test("an owner creates an API key whose secret is shown once; the key lists templates and sends an envelope from one with the SDK in Node; revoked, it stops working", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpWithTeam(page);
  const templateUrl = await createActiveTemplate(page, testInfo);
  const [, workspaceUuid, templateUuid] =
    /\/templates\/([0-9a-f-]+)\/([0-9a-f-]+)\/edit$/.exec(templateUrl) ?? [];
  expect(templateUuid).toBeDefined();

  await page.goto("/settings/api-keys");
  await expect(page.getByText("No API key yet.")).toBeVisible();
  await page.getByRole("button", { name: "Create an API key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  const description = dialog.getByRole("textbox", { name: "Description" });
  await description.fill("x".repeat(129));
  await expect(dialog.getByText("129 of 128 characters")).toBeVisible();
  await dialog.getByRole("button", { name: "Create the key" }).click();
  await expect(
    dialog.getByText("The description can be at most 128 characters long."),
  ).toBeVisible();
  await description.fill("Back office");
  await dialog
    .getByRole("checkbox", { name: "Create (templates, and envelopes from templates)" })
    .click();
  await dialog.getByRole("button", { name: "Create the key" }).click();

  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await expect(shown.getByRole("alert")).toContainText("shown only this once");
  const accessKey = await shown.getByRole("textbox", { name: "Access key" }).inputValue();
  const secretKey = await shown.getByRole("textbox", { name: "Secret key" }).inputValue();
  expect(accessKey).toMatch(/^pak_/);
  await shown.getByRole("button", { name: "Copy the secret key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secretKey);
  await expectAccessible(page, "new API key's secret (en, 1280 px)");
  await keepScreenshot(page, testInfo, "api-key-secret-1280-en");
  await shown.getByRole("button", { name: "I have saved the secret key" }).click();
  await expect(shown).toBeHidden();

  // Listed without its secret, which nothing shows again (not even after a reload).
  const row = page.getByRole("row").filter({ hasText: "Back office" });
  await expect(row.getByText("Active")).toBeVisible();
  await expect(row.getByText(accessKey)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Back office" })).toBeVisible();
  expect(await page.content()).not.toContain(secretKey);

  // The key calls the api from Node through the SDK: lists templates, sends an envelope.
  const employee = uniqueEmail("api-employee");
  const manager = uniqueEmail("api-manager");
  const used = await runApiKeyExample({
    PARAPHE_ACCESS_KEY: accessKey,
    PARAPHE_SECRET_KEY: secretKey,
    PARAPHE_TEMPLATE_UUID: templateUuid ?? "",
    PARAPHE_RECIPIENT_EMAILS: `${employee},${manager}`,
  });
  expect(used.code, used.errors).toBe(0);
  expect(used.output).toContain(`- ${templateUuid}`);
  const envelopeUuid = /Envelope ([0-9a-f-]+): signing/.exec(used.output)?.[1];
  expect(envelopeUuid, used.output).toBeDefined();

  // The owner sees the envelope the key sent in their name, logged as created through the key.
  await page.goto(`/envelopes/${workspaceUuid}/${envelopeUuid}/view`);
  await expect(page.getByText("Created through the API key Back office")).toBeVisible();

  // Revoked (confirmed as irreversible), the key stops working at once.
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Revoke the API key Back office" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("irreversible");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("The API key was revoked.")).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "Back office" }).getByText("Revoked"),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, "api-keys-revoked-1280-en");
  const refused = await runApiKeyExample({
    PARAPHE_ACCESS_KEY: accessKey,
    PARAPHE_SECRET_KEY: secretKey,
  });
  expect(refused.code).toBe(1);
  expect(refused.errors).toContain("AUTHENTICATION_ERROR");
});
