import { ApiError } from "@paraphe/api-sdk";
import { endpoints, LOGIN_CODE_ALPHABET } from "@paraphe/api-sdk/contract";
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testDatabaseKinds } from "../test/databases";
import { outboxMails } from "../test/outbox";
import { generateLoginCode } from "./login-codes";
import {
  createIdentityHarness,
  randomIp,
  uniqueEmail,
  type IdentityHarness,
} from "../test/identity";

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

/** A code of the right shape that is not `code`. */
function otherCode(code: string): string {
  const first = LOGIN_CODE_ALPHABET.at(LOGIN_CODE_ALPHABET.indexOf(code[0] ?? "") === 0 ? 1 : 0);
  return `${first}${code.slice(1)}`;
}

describe("login codes", () => {
  it("are made of the alphabet without look-alikes, 6 characters long", () => {
    for (let i = 0; i < 200; i++) {
      expect(generateLoginCode()).toMatch(new RegExp(`^[${LOGIN_CODE_ALPHABET}]{6}$`));
    }
  });
});

describe.each(testDatabaseKinds)("login by email code on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("makes a new email an account after its code is verified, then signs it in again", async () => {
    const email = uniqueEmail("new");
    const api = h.client();
    await expect(api.authentication.requestCode({ email, language: "fr" })).resolves.toEqual({
      sent: true,
      expiresInSeconds: 600,
    });
    const first = await api.authentication.verifyCode({ email, code: await h.lastCode(email) });
    expect(first).toMatchObject({ email, isNewUser: true });
    expect(first.accessKey).toMatch(/^ses_/);
    const user = await h.database.connection.db
      .selectFrom("appUser")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.preferredLanguage).toBe("fr");

    await api.authentication.requestCode({ email });
    const second = await api.authentication.verifyCode({ email, code: await h.lastCode(email) });
    expect(second.isNewUser).toBe(false);
    expect(second.accessKey).not.toBe(first.accessKey);
  });

  it("stores only a hash of the code, never the code", async () => {
    const email = uniqueEmail("hash");
    await h.client().authentication.requestCode({ email });
    const code = await h.lastCode(email);
    const rows = await h.database.connection.db
      .selectFrom("loginCode")
      .selectAll()
      .where("email", "=", email)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(Buffer.from(row.codeHash).toString("utf8")).not.toContain(code);
    expect(Buffer.from(row.codeHash)).toHaveLength(32);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);
  });

  it("answers the same for an email with an account and one without", async () => {
    const known = uniqueEmail("known");
    await h.login(known);
    const unknown = uniqueEmail("unknown");
    const api = h.client();
    const forKnown = await api.authentication.requestCode({ email: known });
    const forUnknown = await api.authentication.requestCode({ email: unknown });
    expect(forKnown).toEqual(forUnknown);
  });

  it("refuses an expired code, 10 minutes after it was sent", async () => {
    const email = uniqueEmail("expiry");
    const api = h.client();
    await api.authentication.requestCode({ email });
    const code = await h.lastCode(email);
    h.advance(10 * 60_000 + 1000);
    const error = await failure(api.authentication.verifyCode({ email, code }));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details).toEqual([{ path: "code", code: "custom", message: "code_expired" }]);
  });

  it("accepts a code just before it expires", async () => {
    const email = uniqueEmail("in-time");
    const api = h.client();
    await api.authentication.requestCode({ email });
    const code = await h.lastCode(email);
    h.advance(9 * 60_000);
    await expect(api.authentication.verifyCode({ email, code })).resolves.toMatchObject({ email });
  });

  it("refuses a code used once already", async () => {
    const email = uniqueEmail("reuse");
    const api = h.client();
    await api.authentication.requestCode({ email });
    const code = await h.lastCode(email);
    await api.authentication.verifyCode({ email, code });
    const error = await failure(api.authentication.verifyCode({ email, code }));
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.[0]).toMatchObject({ path: "code", message: "code_incorrect" });
  });

  it("keeps an earlier live code valid when a new one is asked for", async () => {
    const email = uniqueEmail("kept");
    const api = h.client();
    await api.authentication.requestCode({ email });
    const older = await h.lastCode(email);
    await api.authentication.requestCode({ email });
    const newer = await h.lastCode(email);
    await expect(api.authentication.verifyCode({ email, code: older })).resolves.toMatchObject({
      email,
    });
    // Each code is used once; the other one still works until it expires.
    if (older !== newer) {
      await expect(api.authentication.verifyCode({ email, code: newer })).resolves.toMatchObject({
        email,
      });
    }
  });

  it("does not let someone asking codes for another person's email void that person's code", async () => {
    const email = uniqueEmail("victim");
    const owner = h.client({ ip: randomIp() });
    await owner.authentication.requestCode({ email });
    const ownersCode = await h.lastCode(email);

    const attacker = h.client({ ip: randomIp() });
    for (let i = 0; i < 5; i++) await attacker.authentication.requestCode({ email });
    const refused = await failure(attacker.authentication.requestCode({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.code).toBe("RATE_LIMITED");

    // The owner may still ask from their address, and the code they had still signs them in.
    await expect(owner.authentication.requestCode({ email })).resolves.toMatchObject({
      sent: true,
    });
    await expect(
      owner.authentication.verifyCode({ email, code: ownersCode }),
    ).resolves.toMatchObject({ email });
  });

  it("kills a code after 5 wrong tries, even for the right code afterwards", async () => {
    const email = uniqueEmail("tries");
    const api = h.client();
    await api.authentication.requestCode({ email });
    const code = await h.lastCode(email);
    const wrong = otherCode(code);
    for (let i = 1; i <= 4; i++) {
      const error = await failure(api.authentication.verifyCode({ email, code: wrong }));
      expect(error.details?.[0]?.message).toBe("code_incorrect");
    }
    const fifth = await failure(api.authentication.verifyCode({ email, code: wrong }));
    expect(fifth.details?.[0]?.message).toBe("code_attempts_exceeded");
    const right = await failure(api.authentication.verifyCode({ email, code }));
    expect(right.details?.[0]?.message).toBe("code_attempts_exceeded");

    // A new code works again.
    await api.authentication.requestCode({ email });
    await expect(
      api.authentication.verifyCode({ email, code: await h.lastCode(email) }),
    ).resolves.toMatchObject({ email });
  });

  it("accepts the right code after 4 wrong tries", async () => {
    const email = uniqueEmail("four");
    const api = h.client();
    await api.authentication.requestCode({ email });
    const code = await h.lastCode(email);
    for (let i = 0; i < 4; i++) {
      await failure(api.authentication.verifyCode({ email, code: otherCode(code) }));
    }
    await expect(api.authentication.verifyCode({ email, code })).resolves.toMatchObject({ email });
  });

  it("answers an email that never asked for a code like a wrong code", async () => {
    const error = await failure(
      h.client().authentication.verifyCode({ email: uniqueEmail("never"), code: "ACDEFG" }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual([{ path: "code", code: "custom", message: "code_incorrect" }]);
  });

  it("limits codes to 5 per (address, email) pair per 15 minutes", async () => {
    h.freshWindow();
    const email = uniqueEmail("limit-pair");
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      await h.client({ ip }).authentication.requestCode({ email });
    }
    const error = await failure(h.client({ ip }).authentication.requestCode({ email }));
    expect(error.statusCode).toBe(429);
    expect(error.code).toBe("RATE_LIMITED");
    const mails = await h.database.connection.db
      .selectFrom("mailOutbox")
      .select("id")
      .where("toAddress", "=", email)
      .execute();
    expect(mails).toHaveLength(5);
    // The same address for another email, and another address for this email, are not affected.
    await expect(
      h.client({ ip }).authentication.requestCode({ email: uniqueEmail("limit-pair") }),
    ).resolves.toMatchObject({ sent: true });
    await expect(
      h.client({ ip: randomIp() }).authentication.requestCode({ email }),
    ).resolves.toMatchObject({ sent: true });

    h.advance(15 * 60_000);
    await expect(h.client({ ip }).authentication.requestCode({ email })).resolves.toMatchObject({
      sent: true,
    });
  });

  it("lets the owner ask for a code while other networks hold ten live codes of the same email", async () => {
    const email = uniqueEmail("live-bound");
    const first = h.client({ ip: randomIp() });
    const second = h.client({ ip: randomIp() });
    for (let i = 0; i < 5; i++) {
      await first.authentication.requestCode({ email });
      await second.authentication.requestCode({ email });
    }
    const owner = h.client({ ip: randomIp() });
    await expect(owner.authentication.requestCode({ email })).resolves.toMatchObject({
      sent: true,
    });
    await expect(
      owner.authentication.verifyCode({ email, code: await h.lastCode(email) }),
    ).resolves.toMatchObject({ email });
  });

  it("stops a network trying wrong codes for many emails after 10, whatever the emails", async () => {
    const api = h.client({ ip: randomIp() });
    for (let i = 0; i < 10; i++) {
      const error = await failure(
        api.authentication.verifyCode({ email: uniqueEmail("spray"), code: "ACDEFG" }),
      );
      expect(error.code).toBe("VALIDATION_ERROR");
    }
    const refused = await failure(
      api.authentication.verifyCode({ email: uniqueEmail("spray"), code: "ACDEFG" }),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.code).toBe("RATE_LIMITED");
    // Another network is not affected.
    const other = await failure(
      h.client().authentication.verifyCode({ email: uniqueEmail("spray"), code: "ACDEFG" }),
    );
    expect(other.code).toBe("VALIDATION_ERROR");
  });

  it("counts an IPv6 client by its /64: new addresses of the same /64 get no new tries", async () => {
    const network = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
    for (let i = 1; i <= 10; i++) {
      const error = await failure(
        h
          .client({ ip: `${network}::${i.toString(16)}` })
          .authentication.verifyCode({ email: uniqueEmail("ipv6"), code: "ACDEFG" }),
      );
      expect(error.code).toBe("VALIDATION_ERROR");
    }
    const refused = await failure(
      h
        .client({ ip: `${network}:ffff:ffff:ffff:ffff` })
        .authentication.verifyCode({ email: uniqueEmail("ipv6"), code: "ACDEFG" }),
    );
    expect(refused.code).toBe("RATE_LIMITED");
    // The next /64 is another network.
    const neighbour = await failure(
      h
        .client({ ip: `2001:db8:ffff:${randomInt(0x10000).toString(16)}::1` })
        .authentication.verifyCode({ email: uniqueEmail("ipv6"), code: "ACDEFG" }),
    );
    expect(neighbour.code).toBe("VALIDATION_ERROR");
  });

  it("limits wrong codes for one email from networks without a code of their own to 20 per 15 minutes", async () => {
    h.freshWindow();
    const email = uniqueEmail("check-email");
    for (let i = 0; i < 20; i++) {
      await failure(h.client().authentication.verifyCode({ email, code: "ACDEFG" }));
    }
    const refused = await failure(h.client().authentication.verifyCode({ email, code: "ACDEFG" }));
    expect(refused.statusCode).toBe(429);
    expect(refused.code).toBe("RATE_LIMITED");
  });

  it("keeps the owner's code usable, and a fresh one, while other networks try wrong codes for their email", async () => {
    h.freshWindow();
    const email = uniqueEmail("guessed");
    const owner = h.client({ ip: randomIp() });
    await owner.authentication.requestCode({ email });
    const ownersCode = await h.lastCode(email);
    const wrong = otherCode(ownersCode);

    // Three networks try 30 wrong codes for the email (10 each): the last ten are refused.
    const answers: string[] = [];
    for (let network = 0; network < 3; network++) {
      const attacker = h.client({ ip: randomIp() });
      for (let i = 0; i < 10; i++) {
        answers.push(
          (await failure(attacker.authentication.verifyCode({ email, code: wrong }))).code,
        );
      }
    }
    expect(answers.filter((code) => code === "VALIDATION_ERROR")).toHaveLength(20);
    expect(answers.filter((code) => code === "RATE_LIMITED")).toHaveLength(10);

    // The owner's code, asked from the owner's network, still signs them in.
    await expect(
      owner.authentication.verifyCode({ email, code: ownersCode }),
    ).resolves.toMatchObject({ email });

    // On another device and network, the owner asks for a fresh code: it works there.
    const phone = h.client({ ip: randomIp() });
    const refused = await failure(phone.authentication.verifyCode({ email, code: wrong }));
    expect(refused.code).toBe("RATE_LIMITED");
    await phone.authentication.requestCode({ email });
    await expect(
      phone.authentication.verifyCode({ email, code: await h.lastCode(email) }),
    ).resolves.toMatchObject({ email });
  });

  it("limits codes to 20 per IP address per 15 minutes, whatever the emails", async () => {
    h.freshWindow();
    const ip = randomIp();
    const api = h.client({ ip });
    for (let i = 0; i < 20; i++) {
      await api.authentication.requestCode({ email: uniqueEmail("limit-ip") });
    }
    const error = await failure(api.authentication.requestCode({ email: uniqueEmail("limit-ip") }));
    expect(error.statusCode).toBe(429);
    expect(error.code).toBe("RATE_LIMITED");
    // Another address is not affected.
    await expect(
      h.client().authentication.requestCode({ email: uniqueEmail("limit-ip") }),
    ).resolves.toMatchObject({ sent: true });
  });

  it("takes the per-address limits of asking and trying codes from the configuration", async () => {
    const tight = await createIdentityHarness(
      kind,
      {},
      { LOGIN_CODES_PER_ADDRESS: "2", LOGIN_CODE_CHECKS_PER_ADDRESS: "3" },
    );
    try {
      const api = tight.client({ ip: randomIp() });
      for (let i = 0; i < 2; i++) {
        await api.authentication.requestCode({ email: uniqueEmail("tight-ask") });
      }
      const asked = await failure(
        api.authentication.requestCode({ email: uniqueEmail("tight-ask") }),
      );
      expect(asked.code).toBe("RATE_LIMITED");
      for (let i = 0; i < 3; i++) {
        const wrong = await failure(
          api.authentication.verifyCode({ email: uniqueEmail("tight-try"), code: "ACDEFG" }),
        );
        expect(wrong.code).toBe("VALIDATION_ERROR");
      }
      const tried = await failure(
        api.authentication.verifyCode({ email: uniqueEmail("tight-try"), code: "ACDEFG" }),
      );
      expect(tried.code).toBe("RATE_LIMITED");
    } finally {
      await tight.destroy();
    }
  });

  it("mails the code in the language of the request for a new email", async () => {
    const email = uniqueEmail("fr");
    await h.client().authentication.requestCode({ email, language: "fr" });
    const [mail] = await outboxMails(h.database.connection.db, h.t.mailKey, email);
    const code = await h.lastCode(email);
    expect(mail?.locale).toBe("fr");
    expect(mail?.subject).toBe("Votre code de vérification Paraphe");
    expect(mail?.text).toContain("Il expire dans 10 minutes.");
    expect(mail?.html).toContain(code);
    expect(mail?.html).toContain('lang="fr"');
  });

  it("mails a member in their preferred language, whatever the request says", async () => {
    const email = uniqueEmail("pref");
    await h.login(email); // English by default
    await h.client().authentication.requestCode({ email, language: "fr" });
    const [mail] = await outboxMails(h.database.connection.db, h.t.mailKey, email);
    expect(mail?.locale).toBe("en");
    expect(mail?.text).toContain("It expires in 10 minutes.");
  });

  it("refuses a malformed email or code before anything is stored", async () => {
    const api = h.client();
    const bad = await failure(
      api.call(
        { ...endpoints.authentication.requestCode, request: z.any() },
        { email: "not-an-email" },
      ),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.details?.[0]?.path).toBe("email");
    const short = await failure(
      api.call(
        { ...endpoints.authentication.verifyCode, request: z.any() },
        { email: uniqueEmail(), code: "ACD" },
      ),
    );
    expect(short.statusCode).toBe(400);
    expect(short.details?.[0]).toMatchObject({ path: "code", message: "code_length" });
  });
});
