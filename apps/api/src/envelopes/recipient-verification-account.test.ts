import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signingRelyingParty } from "../identity/passkeys";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  mailsTo,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { SoftwareAuthenticator } from "../test/software-authenticator";

describe.each(testDatabaseKinds)("signers verified by their Paraphe account on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  let web: URL;
  let signOrigin: string;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
    web = new URL(h.t.config.webUrl);
    signOrigin = new URL(h.t.config.signUrl).origin;
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** An account of `email` (a code sign-in), with a passkey registered by that session. */
  async function accountWithPasskey(email: string) {
    const person = await h.login(email);
    const authenticator = new SoftwareAuthenticator(web.hostname, web.origin);
    const { options } = await person.api.passkey.registrationOptions({});
    await person.api.passkey.register({ response: authenticator.register(options) });
    return authenticator;
  }

  /** A sent envelope whose signer `email` must sign in to their account; its link. */
  async function accountEnvelope(email: string) {
    const sent = await sentEnvelope(sender, [email]);
    await h.database.connection.db
      .updateTable("recipient")
      .set({ verification: "account" })
      .where("envelopeId", "=", sent.uuid)
      .execute();
    return { sent, link: await linkFromMail(h, email, sent.uuid) };
  }

  /** The data of the envelope's signerVerified events, as the activity chain holds them. */
  async function verifiedEvents(envelopeUuid: string): Promise<unknown[]> {
    const rows = await h.database.connection.db
      .selectFrom("activityEvent")
      .select("data")
      .where("envelopeId", "=", envelopeUuid)
      .where("type", "=", "signerVerified")
      .execute();
    return rows.map((row) => {
      const event = (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as {
        data: unknown;
      };
      return event.data;
    });
  }

  /** What the tables of a check hold for a recipient: codes, challenges, and the recipient. */
  async function checkState(envelopeUuid: string) {
    const db = h.database.connection.db;
    const recipient = await db
      .selectFrom("recipient")
      .select(["id", "verifiedAt"])
      .where("envelopeId", "=", envelopeUuid)
      .executeTakeFirstOrThrow();
    const codes = await db
      .selectFrom("recipientVerificationCode")
      .select(["attempts", "consumedAt"])
      .where("recipientId", "=", recipient.id)
      .execute();
    const events = await verifiedEvents(envelopeUuid);
    return { verifiedAt: recipient.verifiedAt, codes, events };
  }

  it("saves the option through the recipients and template roles, a signer's only", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Account.pdf", data: await tinyPdf(1) }],
    });
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [
        { email: uniqueEmail("a"), firstname: "Ada", lastname: "L", verification: "account" },
        {
          email: uniqueEmail("c"),
          firstname: "Cy",
          lastname: "Approver",
          kind: "approver",
          verification: "account",
        },
      ],
    });
    expect(saved.recipients.map((recipient) => recipient.verification)).toEqual([
      "account",
      "none",
    ]);
  });

  it("refuses to sign before the check, mails the account a code, and signs after it", async () => {
    const email = uniqueEmail("holder");
    await h.login(email);
    const { sent, link } = await accountEnvelope(email);
    const client = signingClient(h);
    const opened = await client.envelope.open(link);
    expect(opened.recipient).toMatchObject({ verification: "account", verifiedAt: null });
    await readEveryPage(client, link);
    const refused = await failure(sign(client, link));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.details?.[0]?.message).toBe("verification_required");

    const mailsBefore = (await mailsTo(h, email)).length;
    const asked = await client.envelope.sendVerificationCode(link);
    expect(asked).toMatchObject({ sent: true, channel: "account" });
    expect(await mailsTo(h, email)).toHaveLength(mailsBefore + 1);
    const code = await h.lastCode(email);
    await expect(client.envelope.checkVerificationCode({ ...link, code })).resolves.toMatchObject({
      verified: true,
    });
    expect(await verifiedEvents(sent.uuid)).toEqual([{ method: "account", factor: "email_code" }]);
    await expect(sign(client, link)).resolves.toMatchObject({ recipientStatus: "signed" });
    const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
    expect(activity.chainValid).toBe(true);
  });

  it("compares the account's email with the recipient's without case", async () => {
    const email = uniqueEmail("cased");
    const authenticator = await accountWithPasskey(email);
    const { sent, link } = await accountEnvelope(email);
    // Accounts keep addresses in lower case; a recipient's may have been written otherwise.
    await h.database.connection.db
      .updateTable("recipient")
      .set({ email: email.toUpperCase() })
      .where("envelopeId", "=", sent.uuid)
      .execute();
    const client = signingClient(h);
    const asked = await client.envelope.signerPasskeyOptions(link);
    await expect(
      client.envelope.checkSignerPasskey({
        ...link,
        challengeId: asked.challengeId,
        response: authenticator.authenticate(asked.options, { origin: signOrigin }),
      }),
    ).resolves.toMatchObject({ verified: true });
  });

  it("refuses a recipient without an account, says how to get one, and writes nothing", async () => {
    const email = uniqueEmail("no-account");
    // Someone else has an account: it does not stand for this recipient.
    await h.login(uniqueEmail("someone-else"));
    const { sent, link } = await accountEnvelope(email);
    const client = signingClient(h);
    const before = await checkState(sent.uuid);
    const mailsBefore = (await mailsTo(h, email)).length;

    const refused = await failure(client.envelope.sendVerificationCode(link));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.details?.[0]?.message).toBe("account_required");
    expect(refused.suggestion).toContain(new URL("/login", web).href);
    const noOptions = await failure(client.envelope.signerPasskeyOptions(link));
    expect(noOptions.details?.[0]?.message).toBe("account_required");
    const checked = await failure(
      client.envelope.checkVerificationCode({ ...link, code: "123456" }),
    );
    expect(checked.details?.[0]?.message).toBe("account_required");

    expect(await checkState(sent.uuid)).toEqual(before);
    expect(await mailsTo(h, email)).toHaveLength(mailsBefore);
    await readEveryPage(client, link);
    expect((await failure(sign(client, link))).details?.[0]?.message).toBe("verification_required");
  });

  it("locks the code after five wrong tries, and a new code works", async () => {
    const email = uniqueEmail("guesser");
    await h.login(email);
    const { link } = await accountEnvelope(email);
    const client = signingClient(h);
    await client.envelope.sendVerificationCode(link);
    const code = await h.lastCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 4; attempt++) {
      const refused = await failure(
        client.envelope.checkVerificationCode({ ...link, code: wrong }),
      );
      expect(refused.details?.[0]?.message).toBe("code_incorrect");
    }
    const fifth = await failure(client.envelope.checkVerificationCode({ ...link, code: wrong }));
    expect(fifth.details?.[0]?.message).toBe("code_attempts_exceeded");
    const dead = await failure(client.envelope.checkVerificationCode({ ...link, code }));
    expect(dead.details?.[0]?.message).toBe("code_attempts_exceeded");
    await client.envelope.sendVerificationCode(link);
    await expect(
      client.envelope.checkVerificationCode({ ...link, code: await h.lastCode(email) }),
    ).resolves.toMatchObject({ verified: true });
  });

  it("refuses a code or a passkey answer of another envelope of the same signer", async () => {
    const email = uniqueEmail("two-envelopes");
    const authenticator = await accountWithPasskey(email);
    const first = await accountEnvelope(email);
    const second = await accountEnvelope(email);
    const client = signingClient(h);

    await client.envelope.sendVerificationCode(first.link);
    const firstCode = await h.lastCode(email);
    const crossed = await failure(
      client.envelope.checkVerificationCode({ ...second.link, code: firstCode }),
    );
    expect(crossed.details?.[0]?.message).toBe("code_incorrect");

    const asked = await client.envelope.signerPasskeyOptions(first.link);
    const response = authenticator.authenticate(asked.options, { origin: signOrigin });
    const elsewhere = await failure(
      client.envelope.checkSignerPasskey({
        ...second.link,
        challengeId: asked.challengeId,
        response,
      }),
    );
    expect(elsewhere.code).toBe("AUTHENTICATION_ERROR");
    expect((await checkState(second.sent.uuid)).verifiedAt).toBeNull();
    // The challenge was not spent by the other envelope: the first one takes it.
    await expect(
      client.envelope.checkSignerPasskey({
        ...first.link,
        challengeId: asked.challengeId,
        response,
      }),
    ).resolves.toMatchObject({ verified: true });
    expect((await checkState(second.sent.uuid)).verifiedAt).toBeNull();
  });

  it("passes with a passkey of the account, from the signing app's origin, once", async () => {
    const email = uniqueEmail("passkey-holder");
    const authenticator = await accountWithPasskey(email);
    const { sent, link } = await accountEnvelope(email);
    const client = signingClient(h);
    const asked = await client.envelope.signerPasskeyOptions(link);
    expect(asked.options).toMatchObject({
      rpId: web.hostname,
      userVerification: "required",
      allowCredentials: [expect.objectContaining({ id: authenticator.id })],
    });

    // From the web app's origin (not where the signer is): refused, and nothing changes.
    const wrongOrigin = await failure(
      client.envelope.checkSignerPasskey({
        ...link,
        challengeId: asked.challengeId,
        response: authenticator.authenticate(asked.options),
      }),
    );
    expect(wrongOrigin.code).toBe("AUTHENTICATION_ERROR");
    expect((await checkState(sent.uuid)).verifiedAt).toBeNull();

    authenticator.counter++;
    const answer = authenticator.authenticate(asked.options, { origin: signOrigin });
    await expect(
      client.envelope.checkSignerPasskey({
        ...link,
        challengeId: asked.challengeId,
        response: answer,
      }),
    ).resolves.toMatchObject({ verified: true });
    expect(await verifiedEvents(sent.uuid)).toEqual([{ method: "account", factor: "passkey" }]);
    const stored = await h.database.connection.db
      .selectFrom("passkey")
      .select(["counter", "lastUsedAt"])
      .where("id", "=", authenticator.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(authenticator.counter);
    expect(stored.lastUsedAt).not.toBeNull();
    await readEveryPage(client, link);
    await expect(sign(client, link)).resolves.toMatchObject({ recipientStatus: "signed" });
  });

  it("refuses, without failing, an answer of the account's passkey that lacks its parts", async () => {
    const email = uniqueEmail("malformed-answer");
    const authenticator = await accountWithPasskey(email);
    const { sent, link } = await accountEnvelope(email);
    const client = signingClient(h);
    const asked = await client.envelope.signerPasskeyOptions(link);
    const answer = authenticator.authenticate(asked.options, { origin: signOrigin });
    // The passkey's id is known, so the server reads on into the answer: without its `response`
    // object, or with a user handle that is not text, it is refused as any answer that does not
    // verify (this was a 500 once).
    const { response: _dropped, ...withoutResponse } = answer;
    const malformed = [
      withoutResponse,
      { ...answer, response: "not an object" },
      { ...answer, response: { ...answer.response, userHandle: 42 } },
    ];
    for (const response of malformed) {
      const refused = await failure(
        client.envelope.checkSignerPasskey({ ...link, challengeId: asked.challengeId, response }),
      );
      expect(refused.code).toBe("AUTHENTICATION_ERROR");
    }
    expect((await checkState(sent.uuid)).verifiedAt).toBeNull();
    // The challenge was not spent: the whole answer still passes.
    await expect(
      client.envelope.checkSignerPasskey({
        ...link,
        challengeId: asked.challengeId,
        response: answer,
      }),
    ).resolves.toMatchObject({ verified: true });
  });

  it("refuses another account's passkey", async () => {
    const email = uniqueEmail("rightful");
    await accountWithPasskey(email);
    const intruder = await accountWithPasskey(uniqueEmail("intruder"));
    const { sent, link } = await accountEnvelope(email);
    const client = signingClient(h);
    const asked = await client.envelope.signerPasskeyOptions(link);
    const refused = await failure(
      client.envelope.checkSignerPasskey({
        ...link,
        challengeId: asked.challengeId,
        response: intruder.authenticate(asked.options, { origin: signOrigin }),
      }),
    );
    expect(refused.code).toBe("AUTHENTICATION_ERROR");
    const state = await checkState(sent.uuid);
    expect(state.verifiedAt).toBeNull();
    expect(state.events).toEqual([]);
  });

  it("offers no passkey of an account that has none proving its email", async () => {
    const email = uniqueEmail("no-passkey");
    await h.login(email);
    const { link } = await accountEnvelope(email);
    const refused = await failure(signingClient(h).envelope.signerPasskeyOptions(link));
    expect(refused.details?.[0]?.message).toBe("passkey_missing");
  });

  it("refuses the passkey calls for a signer whose check is another one", async () => {
    const email = uniqueEmail("code-signer");
    await h.login(email);
    const sent = await sentEnvelope(sender, [email]);
    await h.database.connection.db
      .updateTable("recipient")
      .set({ verification: "email_code" })
      .where("envelopeId", "=", sent.uuid)
      .execute();
    const link = await linkFromMail(h, email, sent.uuid);
    const refused = await failure(signingClient(h).envelope.signerPasskeyOptions(link));
    expect(refused.details?.[0]?.message).toBe("verification_not_required");
  });
});

describe("passkeys from the signing app", () => {
  const party = (webUrl: string, signUrl: string) =>
    signingRelyingParty({ config: { webUrl, signUrl } });

  it("use the web app's host as the RP ID from that host or a subdomain of it", () => {
    expect(party("http://localhost:5173", "http://localhost:5174")).toEqual({
      rpID: "localhost",
      origin: "http://localhost:5174",
    });
    expect(party("https://app.example.com", "https://sign.app.example.com")).toEqual({
      rpID: "app.example.com",
      origin: "https://sign.app.example.com",
    });
  });

  it("are unavailable from another host", () => {
    expect(party("https://app.example.com", "https://sign.example.com")).toBeNull();
    expect(party("https://example.com", "https://notexample.com")).toBeNull();
  });
});
