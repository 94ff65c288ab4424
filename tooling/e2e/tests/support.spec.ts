import { expect, test } from "@playwright/test";
import { keepScreenshot, signUpWithTeam, waitForMail } from "./support";
import { signInOperator } from "./support-operator";

// Support (issue 15): a member writes to support from the avatar menu's Support page; the operator
// (SUPPORT_OPERATORS of the api, an account like any other) sees the conversation in another browser
// and answers; the member's open page shows the answer without a reload, and the answer is mailed.

test("a member and a support operator talk through the support page, and the answer is mailed", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const memberEmail = await signUpWithTeam(member, { team: "Needs Help", firstname: "Grace" });

  await member.getByRole("button", { name: "Account menu" }).click();
  await member.getByRole("menuitem", { name: "Support" }).click();
  await member.waitForURL((url) => url.pathname === "/settings/support");
  await expect(member.getByText(/No messages yet/)).toBeVisible();
  const question = "How do I add a second signer to my contract?";
  await member.getByRole("textbox", { name: /Your message/ }).fill(question);
  await expect(member.getByText(`${question.length} / 4000 characters`)).toBeVisible();
  await member.getByRole("button", { name: "Send" }).click();
  const memberLog = member.getByRole("log", { name: "Your conversation with support" });
  await expect(memberLog.getByText(question)).toBeVisible();

  // The operator's account may exist already (another test signed it in): sign in with the code
  // of the mail this sign-in asks for.
  const operator = await signInOperator(browser);
  await operator.goto("/settings/support");
  await operator.getByRole("link", { name: "Answer the members' conversations" }).click();
  await operator.waitForURL((url) => url.pathname === "/support/operator");
  await operator.getByRole("button", { name: "Open the conversation with Grace Lovelace" }).click();
  await expect(operator.getByRole("log").getByText(question)).toBeVisible();
  const answer = "Open the envelope, then choose Add recipient.";
  await operator.getByRole("textbox", { name: /Your answer/ }).fill(answer);
  await operator.getByRole("button", { name: "Send the answer" }).click();
  await expect(operator.getByRole("log").getByText(answer)).toBeVisible();
  await keepScreenshot(operator, testInfo, "support-operator");

  // The member's page was never reloaded: the answer arrives with the next poll.
  await expect(memberLog.getByText(answer)).toBeVisible({ timeout: 15_000 });
  await keepScreenshot(member, testInfo, "support-member");
  const mail = await waitForMail(memberEmail, 2);
  expect(mail.subject).toBe("Paraphe support answered you");
  expect(mail.text).toContain(answer);

  await memberContext.close();
  await operator.context().close();
});
