import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import {
  AGREEMENT,
  openAsRecipient,
  openWhenComplete,
  prepareAndSend,
  readEveryPage,
  SIGNING,
  signingLinkOf,
  swipe,
} from "./envelope-flow";
import {
  apiClientAs,
  createAccountWithTeam,
  expectAccessible,
  keepScreenshot,
  loginCodeOf,
  openSignedIn,
  uniqueEmail,
  waitForMail,
} from "./support";
import {
  DEVELOPMENT_SEAL_CERTIFICATE,
  DEVELOPMENT_SIGNER_AUTHORITY,
  downloadSealedAndProof,
  parapheVerify,
  pdfsigReport,
} from "./sealed-files";
import { VALIDATION_AUTHORITY } from "./validation-authority";

// Advanced electronic signatures (AES): the sender chooses the level and a check per signer in the
// editor; each signer passes their check on the signing page (a code by email, a code by SMS read
// from the suite's SMS provider, the test mail server) and signs with a certificate of their own;
// the sealed PDF carries one signature per signer plus the platform's seal, at PAdES B-LTA against
// the suite's timestamp authority and its OCSP responder. A signer checked by their Paraphe account
// signs in to it with a code mailed to it; one without an account is told to create it first.

const run = promisify(execFile);

const CHECK = {
  en: {
    emailTitle: "Confirm your email address",
    smsTitle: "Confirm your phone number",
    send: "Send the code",
    resend: "Send a new code",
    emailCode: /^Code from the email/,
    smsCode: /^Code from the SMS/,
    confirm: "Confirm",
    smsSent: (ending: string) => `A code was sent by SMS to the number ending in ${ending}.`,
    smsIncorrect: "This code is not correct. Check the latest SMS.",
    locked: "Too many wrong codes: this code no longer works. Ask for a new one.",
  },
  fr: {
    emailTitle: "Confirmez votre adresse e-mail",
    send: "Envoyer le code",
    emailCode: /^Code reçu par e-mail/,
    confirm: "Confirmer",
  },
} as const;

/** The check of a signer by their Paraphe account (en, fr). */
const ACCOUNT = {
  en: {
    title: "Sign in to your Paraphe account",
    passkey: "Use a passkey",
    sendCode: "Send a code by email",
    required: (email: string) =>
      `Signing this document needs a Paraphe account with the address ${email}, and there is none.`,
    createAccount: /^Create my Paraphe account/,
  },
  fr: {
    title: "Connectez-vous à votre compte Paraphe",
    passkey: "Utiliser une clé d’accès",
    sendCode: "Recevoir un code par e-mail",
  },
} as const;

/** The 6-digit code of the newest of `count` messages (mail or SMS) to `to`. */
async function codeOf(to: string, count: number): Promise<string> {
  const message = await waitForMail(to, count, 30_000);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (code === undefined) throw new Error(`no 6-digit code in message #${count} to ${to}`);
  return code;
}

/** Types `name` as the signature in the pad that opens once the check passed, and swipes. */
async function signByTypingName(page: Page, name: string, language: "en" | "fr"): Promise<void> {
  const t = SIGNING[language];
  await page.getByRole("tab", { name: t.type }).click();
  await page.getByRole("textbox", { name: t.typedName }).fill(name);
  await swipe(page, language);
  await page.waitForURL(/\/confirmation/);
}

test("an AES envelope: one signer passes an email code on a phone in French, the other locks the SMS check with five wrong codes, then passes a new one on desktop; the sealed PDF holds both signer signatures and the seal, passes pdfsig, qpdf and paraphe-verify, B-LTA for each signature, and its proof names each signer's check and certificate", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const sender = await createAccountWithTeam({ email: uniqueEmail("aes-sender") });
  await openSignedIn(page, sender);
  const hedy = { email: uniqueEmail("aes-hedy"), firstname: "Hedy", lastname: "Lamarr" };
  const grace = { email: uniqueEmail("aes-grace"), firstname: "Grace", lastname: "Hopper" };
  // A French mobile number of this run only.
  const phone = `+336${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

  // The sender chooses the check of each signer in the recipient's dialog (the second with a
  // phone number) and the advanced level in the editor's options.
  const viewUrl = await prepareAndSend(page, [hedy, grace], {
    recipientDetails: async (dialog, _recipient, index) => {
      if (index === 1) {
        await dialog.getByRole("textbox", { name: /^Phone number/ }).fill(phone);
      }
      await dialog
        .getByRole("radio", { name: index === 0 ? /^Code sent by email/ : /^Code sent by SMS/ })
        .check();
      if (index === 1) await expectAccessible(page, "recipient with an SMS check, 1280 px, en");
    },
    beforeSend: async (editor) => {
      await editor.getByRole("radio", { name: /^Advanced electronic signature \(AES\)/ }).check();
      await expectAccessible(editor, "editor at AES, 1280 px, en");
    },
  });
  const envelopeUuid = /\/envelopes\/[0-9a-f-]+\/([0-9a-f-]+)\/view$/.exec(viewUrl)?.[1] ?? "";

  // Hedy, on a phone in French, reads, is asked for the code mailed to her, types it and signs.
  const first = await openAsRecipient(browser, hedy.email, 1, "fr");
  await readEveryPage(first, "fr");
  await first.getByRole("button", { name: SIGNING.fr.sign, exact: true }).click();
  const emailCheck = first.getByRole("dialog", { name: CHECK.fr.emailTitle });
  await expect(emailCheck).toBeVisible();
  await expectAccessible(first, "email check asked, 390 px, fr");
  await keepScreenshot(first, testInfo, "aes-email-check-asked-390-fr");
  await emailCheck.getByRole("button", { name: CHECK.fr.send }).click();
  const emailCode = await codeOf(hedy.email, 2);
  await emailCheck.getByRole("textbox", { name: CHECK.fr.emailCode }).fill(emailCode);
  await expectAccessible(first, "email code typed, 390 px, fr");
  await keepScreenshot(first, testInfo, "aes-email-check-390-fr");
  await emailCheck.getByRole("button", { name: CHECK.fr.confirm }).click();
  await signByTypingName(first, "Hedy Lamarr", "fr");
  await first.context().close();

  // Grace, on desktop in English, asks for the SMS code once Hedy signed.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const second = await context.newPage();
  await second.goto(signingLinkOf(await waitForMail(grace.email, 1, 30_000)));
  await readEveryPage(second, "en");
  await second.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  const smsCheck = second.getByRole("dialog", { name: CHECK.en.smsTitle });
  await expect(smsCheck).toBeVisible();
  await expectAccessible(second, "SMS check asked, 1280 px, en");
  await keepScreenshot(second, testInfo, "aes-sms-check-asked-1280-en");
  await smsCheck.getByRole("button", { name: CHECK.en.send }).click();
  await expect(smsCheck.getByText(CHECK.en.smsSent(phone.slice(-2)))).toBeVisible();
  const lockedCode = await codeOf(phone, 1);
  // The SMS (in Grace's language) names the document and carries no link.
  const sms = await waitForMail(phone, 1);
  expect(sms.text).toContain("agreement-2-pages");
  expect(sms.text).not.toContain("http");
  const codeField = smsCheck.getByRole("textbox", { name: CHECK.en.smsCode });
  const confirm = smsCheck.getByRole("button", { name: CHECK.en.confirm });
  const api = apiClientAs(sender);
  try {
    const envelopeNow = async () => ({
      envelope: await api.envelope.get({ envelopeUuid }),
      activity: await api.envelope.activity({ envelopeUuid }),
    });
    const before = await envelopeNow();
    // Five wrong codes (each another, so that typing clears the previous answer): four are
    // refused, the fifth locks the check, which then takes no code, only a request for a new one.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await codeField.fill(String((Number(lockedCode) + attempt) % 1_000_000).padStart(6, "0"));
      await expect(smsCheck.getByRole("alert")).toBeHidden();
      await confirm.click();
      await expect(smsCheck.getByRole("alert")).toContainText(
        attempt < 5 ? CHECK.en.smsIncorrect : CHECK.en.locked,
      );
    }
    await expect(confirm).toBeDisabled();
    await codeField.fill(lockedCode);
    await expect(smsCheck.getByRole("alert")).toContainText(CHECK.en.locked);
    await expectAccessible(second, "SMS check locked, 1280 px, en");
    await keepScreenshot(second, testInfo, "aes-sms-check-locked-1280-en");
    // Nothing else changed: the envelope, Grace's turn and its activity are as before the tries.
    expect(await envelopeNow()).toEqual(before);
  } finally {
    api.tunnel.destroy();
  }

  // A new code, as the message says, passes; Grace signs.
  await smsCheck.getByRole("button", { name: CHECK.en.resend }).click();
  const smsCode = await codeOf(phone, 2);
  expect(smsCode).not.toBe(lockedCode);
  await codeField.fill(smsCode);
  await confirm.click();
  await signByTypingName(second, "Grace Hopper", "en");
  await context.close();

  // The sender downloads the sealed PDF and its proof.
  await openWhenComplete(page, sender.email, viewUrl);
  const files = await downloadSealedAndProof(page, "aes");
  // One signature per signer, then the seal: all three valid, each covering its revision, then
  // the seal's validation data and its document timestamp (PAdES B-LTA).
  const sig = await pdfsigReport(files.sealed);
  expect(sig.match(/Signature #\d+:/g), sig).toHaveLength(4);
  expect(sig.match(/Signature is Valid/g), sig).toHaveLength(3);
  expect(sig).not.toMatch(/Digest Mismatch|Signature is Invalid/);
  expect(sig).toMatch(/Signature #1:[\s\S]*Hedy Lamarr[\s\S]*Signature #2:/);
  expect(sig).toMatch(/Signature #2:[\s\S]*Grace Hopper[\s\S]*Signature #3:/);
  expect(sig).toMatch(/Signature #4:[\s\S]*Paraphe archival timestamp/);

  // paraphe-verify, built, as users run it, trusting the development seal certificate and signer
  // authority (--ca) and the suite's validation authority, the timestamp authority's root
  // (--tsa-ca): every signature reaches B-LTA.
  const verify = (...trust: string[]) => parapheVerify(files, ...trust);
  const sealCertificate = DEVELOPMENT_SEAL_CERTIFICATE;
  const signerAuthority = DEVELOPMENT_SIGNER_AUTHORITY;
  const verified = verify(
    ...["--ca", sealCertificate, "--ca", signerAuthority],
    ...["--tsa-ca", VALIDATION_AUTHORITY.caFile],
  );
  expect(verified.status, verified.stdout + verified.stderr).toBe(0);
  expect(verified.stdout).toContain("Valid: the sealed document and its proof are intact");
  for (const name of ["Hedy Lamarr", "Grace Hopper"]) {
    expect(verified.stdout).toContain(
      `signature “${name}”: the signature over the signed attributes verifies with the certificate of ${name}`,
    );
    expect(verified.stdout).toContain(
      `Sealed document: the certificate chain of ${name} leads to the trusted root Paraphe development signer authority`,
    );
  }
  for (const name of ["Hedy Lamarr", "Grace Hopper", "Paraphe"]) {
    expect(verified.stdout).toContain(`signature “${name}”: PAdES level B-LTA `);
  }
  // The signers' chains are checked as the seal's is: without their authority among the roots
  // given, the document does not verify.
  const sealOnly = verify("--ca", sealCertificate, "--tsa-ca", VALIDATION_AUTHORITY.caFile);
  expect(sealOnly.status, sealOnly.stdout).toBe(1);
  expect(sealOnly.stdout).toContain(
    "✗ Sealed document: the certificate chain of Hedy Lamarr does not lead to any of the certificates given with --ca.",
  );

  // The proof names, per signer, the level, the check passed and the certificate.
  // (Compared without white space: the proof's table cells wrap, anywhere in a word.)
  const compact = (text: string) => text.replace(/\s+/g, "");
  const proof = compact((await run("pdftotext", ["-raw", files.proof, "-"])).stdout);
  for (const [signer, check] of [
    [hedy, "a one-time code sent to the signer’s email address"],
    [grace, "a one-time code sent by SMS to the signer’s phone"],
  ] as const) {
    const name = compact(`${signer.firstname} ${signer.lastname}`);
    const said = compact(
      `Advanced electronic signature (AES) of the signer’s own, after the check: ${check}`,
    );
    expect(proof).toContain(`${said}Signercertificate`);
    expect(proof).toMatch(
      new RegExp(
        `${name}[^]*${said.replace(/[()]/g, "\\$&")}Signercertificate[^,]*${name},[^]*?,` +
          "serialnumber[0-9a-f]+,SHA-256fingerprint[0-9a-f]+,issuedby[^,]*Paraphedevelopmentsignerauthority",
      ),
    );
  }
});

test("a Paraphe account check: the signer with an account signs in with a code mailed to it, on a phone in French then on desktop in English; the one without is told to create it, does through the link, and signs; the envelope completes", async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const sender = await createAccountWithTeam({ email: uniqueEmail("account-sender") });
  const ida = { email: uniqueEmail("account-ida"), firstname: "Ida", lastname: "Rhodes" };
  const joan = { email: uniqueEmail("account-joan"), firstname: "Joan", lastname: "Clarke" };
  // Ida has a Paraphe account (its sign-in code is her first mail); Joan has none yet.
  await createAccountWithTeam({ email: ida.email, firstname: ida.firstname });

  // The sender's AES envelope, both signers checked by their account, in parallel (seeded through
  // the api: the editor's choice of the check has unit tests).
  const api = apiClientAs(sender);
  let envelopeUuid = "";
  try {
    const draft = await api.envelope.upload({
      files: [{ filename: "Agreement.pdf", data: (await readFile(AGREEMENT)).toString("base64") }],
    });
    envelopeUuid = draft.uuid;
    await api.envelope.update({
      envelopeUuid,
      options: { signatureLevel: "AES", signingOrder: "parallel" },
    });
    const saved = await api.envelope.saveRecipients({
      envelopeUuid,
      recipients: [ida, joan].map((signer) => ({ ...signer, verification: "account" as const })),
    });
    await api.envelope.saveFields({
      envelopeUuid,
      fields: [ida, joan].map((signer, page) => ({
        documentUuid: draft.documents[0]?.uuid ?? "",
        recipientUuid: saved.recipients.find((r) => r.email === signer.email)?.uuid ?? "",
        page,
        x: 0.1,
        y: 0.6,
        width: 0.4,
        height: 0.1,
        kind: "signature" as const,
      })),
    });
    await api.envelope.send({ envelopeUuid });
  } finally {
    api.tunnel.destroy();
  }

  // Ida, on a phone in French, reads and goes to sign: the account step asks her to sign in.
  const first = await openAsRecipient(browser, ida.email, 2, "fr");
  await readEveryPage(first, "fr");
  await first.getByRole("button", { name: SIGNING.fr.sign, exact: true }).click();
  const frenchStep = first.getByRole("dialog", { name: ACCOUNT.fr.title });
  await expect(frenchStep.getByRole("button", { name: ACCOUNT.fr.sendCode })).toBeVisible();
  await expect(frenchStep.getByRole("button", { name: ACCOUNT.fr.passkey })).toBeVisible();
  await expectAccessible(first, "account check asked, 390 px, fr");
  await keepScreenshot(first, testInfo, "account-check-asked-390-fr");

  // The same page on desktop in English (the pages she read are kept).
  await first.setViewportSize({ width: 1280, height: 900 });
  const idaLink = signingLinkOf(await waitForMail(ida.email, 2));
  await first.goto(idaLink.replace("#", "?lng=en#"));
  await expect(first.getByText(SIGNING.en.read(2))).toBeVisible();
  await first.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  const step = first.getByRole("dialog", { name: ACCOUNT.en.title });
  await expect(step.getByRole("button", { name: ACCOUNT.en.passkey })).toBeVisible();
  await expectAccessible(first, "account check asked, 1280 px, en");
  await keepScreenshot(first, testInfo, "account-check-asked-1280-en");
  await step.getByRole("button", { name: ACCOUNT.en.sendCode }).click();
  const accountCode = await codeOf(ida.email, 3);
  await step.getByRole("textbox", { name: CHECK.en.emailCode }).fill(accountCode);
  await expectAccessible(first, "account code typed, 1280 px, en");
  await keepScreenshot(first, testInfo, "account-check-code-1280-en");
  await step.getByRole("button", { name: CHECK.en.confirm }).click();
  await signByTypingName(first, "Ida Rhodes", "en");
  await first.context().close();

  // Joan, on desktop in English, has no account: the step says one is needed, with a link to
  // create it (the web app's sign-in, her address given), and sends nothing.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const second = await context.newPage();
  await second.goto(signingLinkOf(await waitForMail(joan.email, 1, 30_000)));
  await readEveryPage(second, "en");
  await second.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  const joanStep = second.getByRole("dialog", { name: ACCOUNT.en.title });
  await joanStep.getByRole("button", { name: ACCOUNT.en.sendCode }).click();
  await expect(joanStep.getByRole("alert")).toContainText(ACCOUNT.en.required(joan.email));
  await expectAccessible(second, "account required, 1280 px, en");
  await keepScreenshot(second, testInfo, "account-required-1280-en");
  const [signUp] = await Promise.all([
    context.waitForEvent("page"),
    joanStep.getByRole("link", { name: ACCOUNT.en.createAccount }).click(),
  ]);
  const emailField = signUp.getByRole("textbox", { name: "Email address" });
  await expect(emailField).toHaveValue(joan.email);
  await signUp.getByRole("button", { name: "Continue" }).click();
  await signUp.getByLabel("Verification code").fill(loginCodeOf(await waitForMail(joan.email, 2)));
  await signUp.getByRole("button", { name: "Sign in", exact: true }).click();
  await signUp.waitForURL(/\/(register-passkey|onboarding\/team)$/);
  await signUp.close();

  // Back on the signing page, her account now exists: the code comes, she signs.
  await joanStep.getByRole("button", { name: ACCOUNT.en.sendCode }).click();
  await joanStep
    .getByRole("textbox", { name: CHECK.en.emailCode })
    .fill(await codeOf(joan.email, 3));
  await joanStep.getByRole("button", { name: CHECK.en.confirm }).click();
  await signByTypingName(second, "Joan Clarke", "en");
  await context.close();

  // Both signed: the envelope is sealed and complete, and its log records each account check.
  const reader = apiClientAs(sender);
  try {
    await expect
      .poll(async () => (await reader.envelope.get({ envelopeUuid })).status, { timeout: 30_000 })
      .toBe("complete");
    const { events } = await reader.envelope.activity({ envelopeUuid });
    expect(events.filter((event) => event.type === "signerVerified")).toHaveLength(2);
  } finally {
    reader.tunnel.destroy();
  }
});
