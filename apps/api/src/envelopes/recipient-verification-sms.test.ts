import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMailBody } from "../mail/body-sealing";
import { smsBinding } from "../sms/outbox";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { signableTemplate } from "../test/templates";
import {
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_CODES_PER_PHONE,
  VERIFICATION_CODES_PER_RECIPIENT,
} from "./recipient-verification";
import { refuseUnavailableSms, smsCheckProblem } from "./sms-check";

let phoneCounter = 0;
/** A French mobile number no other test uses (the per-number limit counts across envelopes). */
function uniquePhone(): string {
  phoneCounter += 1;
  const digits =
    String(Date.now() % 1_000_000).padStart(6, "0") + String(phoneCounter % 100).padStart(2, "0");
  return `+336${digits}`;
}

describe.each(testDatabaseKinds)("signers verified by a code sent by SMS on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  let otherTeam: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
    otherTeam = await signUpMember(h, "other", "Another team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** The SMS sent to `phone`, newest last, their texts opened. */
  async function smsTo(phone: string): Promise<{ text: string; locale: string | null }[]> {
    const rows = await h.database.connection.db
      .selectFrom("smsOutbox")
      .select(["body", "locale"])
      .where("toPhone", "=", phone)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({
      text: openMailBody(h.t.mailKey, smsBinding(phone), row.body),
      locale: row.locale,
    }));
  }

  async function lastSmsCode(phone: string): Promise<string> {
    const text = (await smsTo(phone)).at(-1)?.text ?? "";
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (code === undefined) throw new Error(`no SMS code sent to ${phone}`);
    return code;
  }

  /** A sent envelope whose signer must pass the SMS check, with `phone` as typed; its link. */
  async function smsEnvelope(phone = uniquePhone(), typed = phone, from = sender) {
    const email = uniqueEmail("sms");
    const sent = await sentEnvelope(from, [email], { title: "Lease" });
    await h.database.connection.db
      .updateTable("recipient")
      .set({ verification: "sms_code", phone: typed })
      .where("envelopeId", "=", sent.uuid)
      .execute();
    return { email, phone, sent, link: await linkFromMail(h, email, sent.uuid) };
  }

  it("says in the profile that SMS codes are offered (development mailbox outside production)", async () => {
    const profile = await sender.api.user.profile({});
    expect(profile.capabilities).toMatchObject({ smsVerification: true });
  });

  it("saves sms_code only with a phone in international form, refused at save otherwise", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Sms.pdf", data: await tinyPdf(1) }],
    });
    const refused = await failure(
      sender.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: [
          {
            email: uniqueEmail("nophone"),
            firstname: "Ada",
            lastname: "Lovelace",
            verification: "sms_code",
          },
        ],
      }),
    );
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details).toContainEqual(
      expect.objectContaining({ path: "recipients.0.phone", message: "phone_required_for_sms" }),
    );
    const local = await failure(
      sender.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: [
          {
            email: uniqueEmail("local"),
            firstname: "Ada",
            lastname: "Lovelace",
            phone: "06 12 34 56 78",
            verification: "sms_code",
          },
        ],
      }),
    );
    expect(local.details?.[0]?.message).toBe("phone_required_for_sms");
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [
        {
          email: uniqueEmail("phone"),
          firstname: "Ada",
          lastname: "Lovelace",
          phone: "+33 6 12 34 56 78",
          verification: "sms_code",
        },
      ],
    });
    expect(saved.recipients[0]?.verification).toBe("sms_code");
  });

  it("sends the code by SMS to the signer's number in their language, and signs after the check", async () => {
    const { phone, sent, link } = await smsEnvelope(uniquePhone());
    const client = signingClient(h);
    const opened = await client.envelope.open(link);
    expect(opened.recipient).toMatchObject({ verification: "sms_code", verifiedAt: null });
    await readEveryPage(client, link);
    const refused = await failure(sign(client, link));
    expect(refused.details?.[0]?.message).toBe("verification_required");
    expect(refused.message).toMatch(/SMS/);

    const asked = await client.envelope.sendVerificationCode(link);
    expect(asked).toMatchObject({
      sent: true,
      channel: "sms",
      phoneEnding: phone.slice(-2),
      expiresInSeconds: VERIFICATION_CODE_TTL_MS / 1000,
    });
    const messages = await smsTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.locale).toBe("en");
    expect(messages[0]?.text).toMatch(/^Paraphe: \d{6} is your code to sign “Lease”/);
    expect(messages[0]?.text).toContain("10 minutes");
    const code = await lastSmsCode(phone);
    // Only its HMAC is kept, with the number it went to.
    const stored = await h.database.connection.db
      .selectFrom("recipientVerificationCode")
      .select(["codeHash", "channel", "phone"])
      .where("phone", "=", phone)
      .execute();
    expect(stored).toMatchObject([{ channel: "sms", phone }]);
    expect(Buffer.from(stored[0]?.codeHash ?? []).toString("utf8")).not.toContain(code);

    await expect(client.envelope.checkVerificationCode({ ...link, code })).resolves.toMatchObject({
      verified: true,
    });
    await expect(sign(client, link)).resolves.toMatchObject({ recipientStatus: "signed" });
    const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
    expect(activity.chainValid).toBe(true);
    const types = activity.events.map((event) => event.type);
    expect(types.indexOf("signerVerified")).toBeLessThan(types.indexOf("documentSigned"));
    const verified = await h.database.connection.db
      .selectFrom("activityEvent")
      .select("data")
      .where("envelopeId", "=", sent.uuid)
      .where("type", "=", "signerVerified")
      .execute();
    const payloads = verified.map((row) => JSON.stringify(row.data));
    expect(payloads.some((text) => text.includes('"method":"sms_code"'))).toBe(true);
  });

  it("writes the SMS in French for a signer whose preferred language is French", async () => {
    const email = uniqueEmail("fr");
    const french = await h.login(email);
    await french.api.user.updateProfile({
      firstname: "Élodie",
      lastname: "Martin",
      preferredLanguage: "fr",
    });
    const phone = uniquePhone();
    const sent = await sentEnvelope(sender, [email], { title: "Bail" });
    await h.database.connection.db
      .updateTable("recipient")
      .set({ verification: "sms_code", phone })
      .where("envelopeId", "=", sent.uuid)
      .execute();
    const link = await linkFromMail(h, email, sent.uuid);
    await signingClient(h).envelope.sendVerificationCode(link);
    const [message] = await smsTo(phone);
    expect(message?.locale).toBe("fr");
    expect(message?.text).toMatch(
      /^Paraphe\u00a0: \d{6} est votre code pour signer «\u00a0Bail\u00a0»/,
    );
    expect(message?.text).toContain("10 minutes");
  });

  it("sends to the number in E.164 whatever its spaces, and refuses five wrong codes", async () => {
    const phone = uniquePhone();
    const typed = `${phone.slice(0, 3)} ${phone.slice(3, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`;
    const { link } = await smsEnvelope(phone, typed);
    const client = signingClient(h);
    await client.envelope.sendVerificationCode(link);
    const code = await lastSmsCode(phone);
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
  });

  it("refuses an expired SMS code, and a code once the number changed", async () => {
    const { phone, link, sent } = await smsEnvelope();
    const client = signingClient(h);
    await client.envelope.sendVerificationCode(link);
    const code = await lastSmsCode(phone);
    await h.database.connection.db
      .updateTable("recipient")
      .set({ phone: uniquePhone() })
      .where("envelopeId", "=", sent.uuid)
      .execute();
    const moved = await failure(client.envelope.checkVerificationCode({ ...link, code }));
    expect(moved.details?.[0]?.message).toBe("code_incorrect");

    const other = await smsEnvelope();
    await client.envelope.sendVerificationCode(other.link);
    const otherCode = await lastSmsCode(other.phone);
    h.advance(VERIFICATION_CODE_TTL_MS + 1000);
    const expired = await failure(
      client.envelope.checkVerificationCode({ ...other.link, code: otherCode }),
    );
    expect(expired.details?.[0]?.message).toBe("code_expired");
  });

  it("limits the SMS per recipient and per number, whatever the envelopes and teams", async () => {
    h.freshWindow();
    const client = signingClient(h);
    const own = await smsEnvelope();
    for (let i = 0; i < VERIFICATION_CODES_PER_RECIPIENT.limit; i++) {
      await client.envelope.sendVerificationCode(own.link);
    }
    expect((await failure(client.envelope.sendVerificationCode(own.link))).code).toBe(
      "RATE_LIMITED",
    );

    const phone = uniquePhone();
    let sent = 0;
    let envelopes = 0;
    while (sent < VERIFICATION_CODES_PER_PHONE.limit) {
      // Envelopes of two teams to one number share its limit.
      envelopes += 1;
      const { link } = await smsEnvelope(phone, phone, envelopes % 2 === 0 ? otherTeam : sender);
      for (let i = 0; i < VERIFICATION_CODES_PER_RECIPIENT.limit; i++) {
        if (sent === VERIFICATION_CODES_PER_PHONE.limit) break;
        await client.envelope.sendVerificationCode(link);
        sent++;
      }
    }
    const { link } = await smsEnvelope(phone, phone, otherTeam);
    expect((await failure(client.envelope.sendVerificationCode(link))).code).toBe("RATE_LIMITED");
    expect(await smsTo(phone)).toHaveLength(VERIFICATION_CODES_PER_PHONE.limit);
  });

  it("does not let a code sent for another team's envelope to the same number check this one", async () => {
    const phone = uniquePhone();
    const ours = await smsEnvelope(phone);
    const theirs = await smsEnvelope(phone, phone, otherTeam);
    const client = signingClient(h);
    await client.envelope.sendVerificationCode(theirs.link);
    const code = await lastSmsCode(phone);
    const crossed = await failure(client.envelope.checkVerificationCode({ ...ours.link, code }));
    expect(crossed.details?.[0]?.message).toBe("code_incorrect");
    await expect(
      client.envelope.checkVerificationCode({ ...theirs.link, code }),
    ).resolves.toMatchObject({ verified: true });
    // Another team's member cannot read our envelope's activity, where the check is recorded.
    const refused = await failure(
      otherTeam.api.envelope.activity({ envelopeUuid: ours.sent.uuid }),
    );
    expect(refused.statusCode).toBe(404);
  });

  it("answers phone_missing for a signer whose number is gone, sending nothing", async () => {
    const { link, sent } = await smsEnvelope();
    await h.database.connection.db
      .updateTable("recipient")
      .set({ phone: null })
      .where("envelopeId", "=", sent.uuid)
      .execute();
    const refused = await failure(signingClient(h).envelope.sendVerificationCode(link));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.details?.[0]?.message).toBe("phone_missing");
  });

  it("gives a template role's SMS check the phone chosen with the person, and refuses to send without one", async () => {
    const template = await signableTemplate(sender, {
      title: "Sms template",
      roles: [{ label: "Tenant", verification: "sms_code" }],
    });
    expect(template.roles[0]?.verification).toBe("sms_code");
    const role = template.roles[0]?.uuid ?? "";
    const person = {
      roleUuid: role,
      email: uniqueEmail("tenant"),
      firstname: "Tia",
      lastname: "N",
    };
    const refused = await failure(
      sender.api.template.createEnvelope({
        templateUuid: template.uuid,
        recipients: [person],
        send: true,
      }),
    );
    expect(refused.details).toContainEqual(
      expect.objectContaining({ path: "recipients.0.phone", message: "phone_required_for_sms" }),
    );
    const created = await sender.api.template.createEnvelope({
      templateUuid: template.uuid,
      recipients: [{ ...person, phone: "+44 7700 900123" }],
      send: true,
    });
    expect(created.recipients[0]).toMatchObject({
      verification: "sms_code",
      phone: "+447700900123",
    });
  });
});

describe("the SMS check's availability", () => {
  const production = {
    nodeEnv: "production" as const,
    smsAccountSid: undefined,
    smsAuthToken: undefined,
    smsFrom: undefined,
  };
  const configured = {
    ...production,
    smsAccountSid: "AC1",
    smsAuthToken: "token",
    smsFrom: "+14155550100",
  };

  it("is unavailable in production without a provider: refused at save and at send", () => {
    expect(smsCheckProblem(production, "+33612345678")).toBe("sms_unavailable");
    expect(() =>
      refuseUnavailableSms(production, [{ kind: "signer", verification: "sms_code" }], "roles"),
    ).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
    expect(() =>
      refuseUnavailableSms(production, [{ kind: "signer", verification: "email_code" }], "roles"),
    ).not.toThrow();
  });

  it("is available with a provider, or outside production", () => {
    expect(smsCheckProblem(configured, "+33 6 12 34 56 78")).toBeNull();
    expect(smsCheckProblem({ ...production, nodeEnv: "development" }, "+33612345678")).toBeNull();
    expect(smsCheckProblem(configured, null)).toBe("phone_required_for_sms");
  });
});
