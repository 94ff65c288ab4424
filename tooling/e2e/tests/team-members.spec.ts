import { expect, test, type Page } from "@playwright/test";
import { SEEDED_TEAM, TEAM_SEATS } from "./seeded-team";
import {
  expectAccessible,
  loginCodeOf,
  mailTo,
  signUpWithTeam,
  uniqueEmail,
  waitForMail,
  type ReceivedMail,
} from "./support";

// The api of the browser tests runs with DEFAULT_TEAM_SEATS=TEAM_SEATS (playwright.config.ts): an
// owner and TEAM_SEATS - 1 members (or invitations) with a full role fill a team.

/** The words the flows click and read, in each language. */
const TEXT = {
  en: {
    invite: "Invite a member",
    email: "Email address",
    role: "Role",
    member: "Member",
    viewer: "Viewer",
    send: "Send the invitation",
    sent: (email: string) => `Invitation sent to ${email}.`,
    seatsFull:
      "Every seat of your plan is taken: only the Viewer role can be invited until a seat is freed.",
    inviteFailed: "Invite failure: the invitation was not sent.",
    signInToAccept: "Sign in to accept",
    code: "Verification code",
    skipPasskey: "Skip for now",
    accept: "Accept the invitation",
    pending: "Pending invitations",
  },
  fr: {
    invite: "Inviter un membre",
    email: "Adresse e-mail",
    role: "Rôle",
    member: "Membre",
    viewer: "Lecteur",
    send: "Envoyer l’invitation",
    sent: (email: string) => `Invitation envoyée à ${email}.`,
    seatsFull:
      "Tous les sièges de votre offre sont occupés\u00a0: seul le rôle Lecteur peut être invité tant qu’aucun siège n’est libéré.",
    inviteFailed: "Échec de l’invitation\u00a0: l’invitation n’a pas été envoyée.",
    signInToAccept: "Se connecter pour accepter",
    code: "Code de vérification",
    skipPasskey: "Plus tard",
    accept: "Accepter l’invitation",
    pending: "Invitations en attente",
  },
} as const;

type Language = keyof typeof TEXT;

/** The accept link of a team invitation mail. */
function inviteLinkOf(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/accept-team-invite#token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in the mail "${mail.subject}"`);
  return match[0];
}

/** Opens the invite dialog of /settings/members and fills the email and the role. */
async function fillInvite(
  page: Page,
  language: Language,
  email: string,
  role: "member" | "viewer",
) {
  const t = TEXT[language];
  await page.goto("/settings/members");
  await page.getByRole("button", { name: t.invite }).click();
  const dialog = page.getByRole("dialog", { name: t.invite });
  await dialog.getByRole("textbox", { name: t.email }).fill(email);
  await dialog.getByRole("combobox", { name: t.role }).selectOption({ label: t[role] });
  return dialog;
}

/** Invites `email` with `role` from /settings/members and waits for the confirmation. */
async function invite(page: Page, language: Language, email: string, role: "member" | "viewer") {
  const t = TEXT[language];
  const dialog = await fillInvite(page, language, email, role);
  await dialog.getByRole("button", { name: t.send }).click();
  await expect(page.getByText(t.sent(email))).toBeVisible();
}

test("an owner invites a member, who signs in, accepts and lands in the default workspace", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const t = TEXT.en;
  await signUpWithTeam(page, { team: "Difference Engines" });
  const inviteeEmail = uniqueEmail("invitee");
  await invite(page, "en", inviteeEmail, "member");
  await page.getByRole("link", { name: t.pending }).click();
  await expect(page.getByText(inviteeEmail).first()).toBeVisible();
  await expectAccessible(page, "pending invitations with one invitation (en)");

  const mail = await waitForMail(inviteeEmail);
  expect(mail.subject).toBe("Ada Lovelace invites you to join Difference Engines on Paraphe");
  const link = inviteLinkOf(mail);

  const context = await browser.newContext({ baseURL: "http://localhost:5173" });
  const invitee = await context.newPage();
  // The live invitation, signed out, in both languages at both widths (English last: the flow
  // below goes on in English).
  for (const language of ["fr", "en"] as const) {
    for (const width of [390, 1280]) {
      await invitee.setViewportSize({ width, height: 900 });
      const url = new URL(link);
      url.searchParams.set("lng", language);
      await invitee.goto(url.toString());
      await expect(
        invitee.getByRole("button", { name: TEXT[language].signInToAccept }),
      ).toBeVisible();
      await expectAccessible(invitee, `accept invitation, signed out (${language}, ${width} px)`);
    }
  }
  await expect(
    invitee.getByText("Ada Lovelace invites you to join Difference Engines as Member."),
  ).toBeVisible();
  await invitee.getByRole("button", { name: t.signInToAccept }).click();
  await invitee.waitForURL(/\/login/);
  // The invited address is already filled in.
  await expect(invitee.getByRole("textbox").first()).toHaveValue(inviteeEmail);
  await invitee.keyboard.press("Enter");
  await expect(invitee.getByLabel(t.code)).toBeVisible();
  await invitee.getByLabel(t.code).fill(loginCodeOf(await waitForMail(inviteeEmail, 2)));
  await invitee.keyboard.press("Enter");
  await invitee.waitForURL(/\/(register-passkey|accept-team-invite)/);
  if (new URL(invitee.url()).pathname === "/register-passkey") {
    await invitee.getByRole("button", { name: t.skipPasskey }).click();
  }
  // Back on the invitation, whose token the page removed from the address bar once read.
  await invitee.waitForURL(/\/accept-team-invite(\?lng=[a-z]+)?$/);
  await invitee.getByRole("button", { name: t.accept }).click();
  await invitee.waitForURL(/\/envelopes\/[0-9a-f-]{36}\/all$/);
  await context.close();

  // The owner sees the new member, and the invitation is no longer pending.
  await page.goto("/settings/members");
  await expect(page.getByRole("cell", { name: inviteeEmail }).first()).toBeVisible();
  await page.goto("/settings/members/pending");
  await expect(page.getByText(inviteeEmail)).toHaveCount(0);
});

test("seats full: a Member invitation is refused with the reason, a Viewer invitation is accepted (fr)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = TEXT.fr;
  await signUpWithTeam(page, { language: "fr", team: "Machines analytiques" });
  // The owner takes a seat; Member invitations take all but the last one.
  for (let seat = 2; seat < TEAM_SEATS; seat += 1) {
    await invite(page, "fr", uniqueEmail(`seat-${seat}-fr`), "member");
  }

  // A second tab of the owner fills the last seat while this one is about to invite a Member.
  const dialog = await fillInvite(page, "fr", uniqueEmail("refused-fr"), "member");
  const other = await page.context().newPage();
  await invite(other, "fr", uniqueEmail("last-seat-fr"), "member");
  await other.close();
  await dialog.getByRole("button", { name: t.send }).click();
  // The refusal says the invitation failed (spec section 8), then why.
  await expect(dialog.getByRole("alert")).toHaveText(`${t.inviteFailed} ${t.seatsFull}`);

  // Reopened, the form says why and offers only the Viewer role.
  await page.reload();
  await page.getByRole("button", { name: t.invite }).click();
  const full = page.getByRole("dialog", { name: t.invite });
  await expect(full.getByText(t.seatsFull)).toBeVisible();
  await expect(full.getByRole("option", { name: t.member })).toBeDisabled();
  await expectAccessible(page, "invite dialog with every seat taken (fr)");
  await page.keyboard.press("Escape");
  const viewerEmail = uniqueEmail("viewer-fr");
  await invite(page, "fr", viewerEmail, "viewer");
  const mail = await waitForMail(viewerEmail);
  expect(mail.subject).toBe(
    "Ada Lovelace vous invite à rejoindre Machines analytiques sur Paraphe",
  );
});

test("an Admin is not offered to remove the Owner, only the members they may", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    baseURL: "http://localhost:5173",
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const mailsBefore = (await mailTo(SEEDED_TEAM.admin)).length;
  await page.goto("/login?lng=en");
  await page.getByLabel(TEXT.en.email).fill(SEEDED_TEAM.admin);
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByLabel(TEXT.en.code)
    .fill(loginCodeOf(await waitForMail(SEEDED_TEAM.admin, mailsBefore + 1)));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/register-passkey$/);
  await page.goto("/settings/members");
  const rows = page.getByRole("row");
  const owner = rows.filter({ hasText: SEEDED_TEAM.owner });
  const keeper = rows.filter({ hasText: SEEDED_TEAM.keeper });
  await expect(keeper.getByRole("button", { name: /^Remove / })).toBeVisible();
  await expect(owner).toBeVisible();
  // The server refuses an Admin who removes the Owner: the row does not offer it.
  await expect(owner.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await context.close();
});
