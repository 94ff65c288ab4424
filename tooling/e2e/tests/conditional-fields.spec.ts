import { expect, test } from "@playwright/test";
import {
  EDITOR,
  openAsRecipient,
  prepareAndSend,
  readEveryPage,
  SIGNING,
  swipe,
} from "./envelope-flow";
import { signUpWithTeam, uniqueEmail } from "./support";

// A field shown only when a box is ticked: the sender sets the condition in the field's settings;
// on the signing page the field appears and is required only while the box is ticked, and the
// signer signs with the box unticked without filling it in.

test("a text field shown only when a box is ticked is neither shown nor required while it is not", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const signer = { email: uniqueEmail("conditional"), firstname: "Zoë", lastname: "Łukasiewicz" };
  await prepareAndSend(page, [signer], {
    sequential: false,
    beforeSend: async (editor) => {
      const place = async (kind: string, y: number) => {
        await editor.getByRole("button", { name: kind, exact: true }).click();
        await editor
          .getByRole("button", { name: EDITOR.en.placeOn(1) })
          .click({ position: { x: 120, y } });
      };
      await place("Checkbox", 150);
      await place("Text", 250);
      // The text field just placed is selected: it is shown only when the box is ticked.
      await editor
        .getByRole("combobox", { name: "Show only when" })
        .selectOption({ label: "Checkbox (page 1)" });
      await expect(editor.getByRole("combobox", { name: "has the value" })).toHaveValue("true");
    },
  });

  const signing = await openAsRecipient(browser, signer.email);
  await readEveryPage(signing);
  const details = signing.getByRole("button", { name: /^Text \(required\)$/ });
  await expect(signing.getByRole("checkbox", { name: "Checkbox" })).toBeVisible();
  await expect(details).toHaveCount(0);
  // Ticked, the field shows (and is required); unticked again, it goes. (The box's tap area, its
  // label, takes the tap.)
  const box = signing.locator('[data-field-kind="checkbox"]');
  await box.click();
  await expect(signing.getByRole("checkbox", { name: "Checkbox" })).toBeChecked();
  await expect(details).toBeVisible();
  await box.click();
  await expect(details).toHaveCount(0);

  // Nothing left to fill: the signature goes through without the hidden field.
  await signing.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await signing.getByRole("tab", { name: SIGNING.en.type }).click();
  await signing.getByRole("textbox", { name: SIGNING.en.typedName }).fill("Zoë Łukasiewicz");
  await swipe(signing);
  await signing.waitForURL(/\/confirmation/);
  await signing.context().close();
});
