import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
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
import {
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_CODES_PER_ADDRESS,
  VERIFICATION_CODES_PER_RECIPIENT,
} from "./recipient-verification";

describe.each(testDatabaseKinds)("signers verified by a code sent by email on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A sent envelope whose signer `email` must pass the email code check; its link. */
  async function verifiedEnvelope(email = uniqueEmail("verified")) {
    const sent = await sentEnvelope(sender, [email]);
    await h.database.connection.db
      .updateTable("recipient")
      .set({ verification: "email_code" })
      .where("envelopeId", "=", sent.uuid)
      .execute();
    return { email, sent, link: await linkFromMail(h, email, sent.uuid) };
  }

  it("saves the option through the recipients, a signer's only, and keeps none by default", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Option.pdf", data: await tinyPdf(1) }],
    });
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [
        {
          email: uniqueEmail("a"),
          firstname: "Ada",
          lastname: "Lovelace",
          verification: "email_code",
        },
        { email: uniqueEmail("b"), firstname: "Bob", lastname: "Byte" },
        {
          email: uniqueEmail("c"),
          firstname: "Cy",
          lastname: "Approver",
          kind: "approver",
          verification: "email_code",
        },
      ],
    });
    expect(saved.recipients.map((recipient) => recipient.verification)).toEqual([
      "email_code",
      "none",
      "none",
    ]);
  });

  it("refuses to sign before the check, mails a code apart from the link, and signs after it", async () => {
    const { email, sent, link } = await verifiedEnvelope();
    const client = signingClient(h);
    const opened = await client.envelope.open(link);
    expect(opened.recipient).toMatchObject({ verification: "email_code", verifiedAt: null });
    await readEveryPage(client, link);

    const refused = await failure(sign(client, link));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.details?.[0]?.message).toBe("verification_required");

    const mailsBefore = (await mailsTo(h, email)).length;
    const asked = await client.envelope.sendVerificationCode(link);
    expect(asked).toMatchObject({ sent: true, expiresInSeconds: VERIFICATION_CODE_TTL_MS / 1000 });
    expect(asked.maskedEmail).toMatch(/^v•••@/);
    const subjects = await mailsTo(h, email);
    expect(subjects).toHaveLength(mailsBefore + 1);
    expect(subjects.at(-1)).toMatch(/Your code to sign/);
    const code = await h.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    // Only its HMAC is kept.
    const stored = await h.database.connection.db
      .selectFrom("recipientVerificationCode")
      .select("codeHash")
      .where("email", "=", email)
      .execute();
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]?.codeHash ?? []).toString("utf8")).not.toContain(code);

    const checked = await client.envelope.checkVerificationCode({ ...link, code });
    expect(checked.verified).toBe(true);
    const reopened = await client.envelope.open(link);
    expect(reopened.recipient.verifiedAt).toBe(checked.verifiedAt);
    // Used once.
    const again = await failure(client.envelope.checkVerificationCode({ ...link, code }));
    expect(again.code).toBe("CONFLICT");

    await expect(sign(client, link)).resolves.toMatchObject({ recipientStatus: "signed" });
    const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
    const types = activity.events.map((event) => event.type);
    expect(types).toContain("signerVerified");
    expect(types.indexOf("signerVerified")).toBeLessThan(types.indexOf("documentSigned"));
    expect(activity.chainValid).toBe(true);
  });

  it("counts wrong codes and refuses the code after five wrong tries", async () => {
    const { email, link } = await verifiedEnvelope();
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
    const attempts = await h.database.connection.db
      .selectFrom("recipientVerificationCode")
      .select("attempts")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(4);
    const fifth = await failure(client.envelope.checkVerificationCode({ ...link, code: wrong }));
    expect(fifth.details?.[0]?.message).toBe("code_attempts_exceeded");
    // The right code no longer works either; a new code does.
    const dead = await failure(client.envelope.checkVerificationCode({ ...link, code }));
    expect(dead.details?.[0]?.message).toBe("code_attempts_exceeded");
    await client.envelope.sendVerificationCode(link);
    await expect(
      client.envelope.checkVerificationCode({ ...link, code: await h.lastCode(email) }),
    ).resolves.toMatchObject({ verified: true });
  });

  it("refuses an expired code", async () => {
    const { email, link } = await verifiedEnvelope();
    const client = signingClient(h);
    await client.envelope.sendVerificationCode(link);
    const code = await h.lastCode(email);
    h.advance(VERIFICATION_CODE_TTL_MS + 1000);
    const expired = await failure(client.envelope.checkVerificationCode({ ...link, code }));
    expect(expired.details?.[0]?.message).toBe("code_expired");
  });

  it("refuses a code sent for another envelope of the same address, and an earlier code once a new one is sent", async () => {
    const email = uniqueEmail("two");
    const first = await verifiedEnvelope(email);
    const second = await verifiedEnvelope(email);
    const client = signingClient(h);
    await client.envelope.sendVerificationCode(first.link);
    const firstCode = await h.lastCode(email);
    const crossed = await failure(
      client.envelope.checkVerificationCode({ ...second.link, code: firstCode }),
    );
    expect(crossed.details?.[0]?.message).toBe("code_incorrect");

    await client.envelope.sendVerificationCode(first.link);
    const newer = await h.lastCode(email);
    if (newer !== firstCode) {
      const earlier = await failure(
        client.envelope.checkVerificationCode({ ...first.link, code: firstCode }),
      );
      expect(earlier.details?.[0]?.message).toBe("code_incorrect");
    }
    await expect(
      client.envelope.checkVerificationCode({ ...first.link, code: newer }),
    ).resolves.toMatchObject({ verified: true });
    // The second envelope still needs its own check.
    await readEveryPage(client, second.link);
    expect((await failure(sign(client, second.link))).details?.[0]?.message).toBe(
      "verification_required",
    );
  });

  it("limits the codes sent per recipient", async () => {
    h.freshWindow();
    const { link } = await verifiedEnvelope();
    const client = signingClient(h);
    for (let i = 0; i < VERIFICATION_CODES_PER_RECIPIENT.limit; i++) {
      await client.envelope.sendVerificationCode(link);
    }
    const limited = await failure(client.envelope.sendVerificationCode(link));
    expect(limited.code).toBe("RATE_LIMITED");
  });

  it("limits the codes sent per address, whatever the envelopes", async () => {
    h.freshWindow();
    const email = uniqueEmail("flooded");
    const client = signingClient(h);
    let sent = 0;
    while (sent < VERIFICATION_CODES_PER_ADDRESS.limit) {
      const { link } = await verifiedEnvelope(email);
      for (let i = 0; i < VERIFICATION_CODES_PER_RECIPIENT.limit; i++) {
        if (sent === VERIFICATION_CODES_PER_ADDRESS.limit) break;
        await client.envelope.sendVerificationCode(link);
        sent++;
      }
    }
    const { link } = await verifiedEnvelope(email);
    const limited = await failure(client.envelope.sendVerificationCode(link));
    expect(limited.code).toBe("RATE_LIMITED");
  });

  it("answers that no check is needed for a signer without one", async () => {
    const email = uniqueEmail("plain");
    const sent = await sentEnvelope(sender, [email]);
    const link = await linkFromMail(h, email, sent.uuid);
    const refused = await failure(signingClient(h).envelope.sendVerificationCode(link));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.details?.[0]?.message).toBe("verification_not_required");
  });
});
