import { ApiError, DEFAULT_APP_CREDENTIALS } from "@paraphe/api-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

describe.each(testDatabaseKinds)("sessions on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("lists the caller's live sessions with address, platform and user agent, the current one flagged", async () => {
    const email = uniqueEmail("list");
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
    const laptop = await h.login(email, { ip: "10.1.2.3" });
    const phone = await h.login(email, { ip: "10.9.8.7", userAgent: firefox });
    const { sessions } = await laptop.api.authentication.listSessions({});
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({
      accessKey: laptop.credential.accessKey,
      ipAddress: "10.1.2.3",
      platform: "Chrome on macOS",
    });
    expect(sessions.find((s) => !s.current)).toMatchObject({
      accessKey: phone.credential.accessKey,
      ipAddress: "10.9.8.7",
      platform: "Firefox on Linux",
      userAgent: firefox,
    });
    expect(Number.isNaN(Date.parse(current?.createdAt ?? ""))).toBe(false);
  });

  it("never shows one person's sessions to another", async () => {
    const alice = await h.login(uniqueEmail("alice"));
    const bob = await h.login(uniqueEmail("bob"));
    const { sessions } = await bob.api.authentication.listSessions({});
    expect(sessions.map((s) => s.accessKey)).toEqual([bob.credential.accessKey]);
    expect(JSON.stringify(sessions)).not.toContain(alice.credential.accessKey);
  });

  it("ends a session: its credential then fails every call with 401 AUTHENTICATION_ERROR", async () => {
    const person = await h.login(uniqueEmail("logout"));
    await person.api.team.create({ name: "Logout Inc", firstname: "Lou", lastname: "Out" });
    await expect(
      person.api.authentication.terminateSessions({
        filter: { accessKeys: [person.credential.accessKey] },
      }),
    ).resolves.toEqual({ terminated: 1 });

    const calls: (() => Promise<unknown>)[] = [
      () => person.api.user.profile({}),
      () => person.api.authentication.listSessions({}),
      () =>
        person.api.authentication.terminateSessions({
          filter: { accessKeys: [person.credential.accessKey] },
        }),
      () =>
        person.api.user.updateProfile({ firstname: "A", lastname: "B", preferredLanguage: "en" }),
      () => person.api.user.removePicture({}),
      () => person.api.team.create({ name: "Again Inc", firstname: "A", lastname: "B" }),
      () => person.api.passkey.list({}),
      () => person.api.passkey.registrationOptions({}),
      () => person.api.passkey.delete({ id: "any" }),
    ];
    for (const call of calls) {
      const error = await failure(call());
      expect(error.statusCode).toBe(401);
      expect(error.code).toBe("AUTHENTICATION_ERROR");
    }
  });

  it("ends other sessions of the caller and keeps the current one", async () => {
    const email = uniqueEmail("others");
    const here = await h.login(email);
    const there = await h.login(email);
    await here.api.authentication.terminateSessions({
      filter: { accessKeys: [there.credential.accessKey] },
    });
    expect((await failure(there.api.user.profile({}))).statusCode).toBe(401);
    await expect(here.api.user.profile({})).resolves.toMatchObject({ email });
  });

  it("cannot end another person's session: the key is ignored and that session lives on", async () => {
    const alice = await h.login(uniqueEmail("victim"));
    const mallory = await h.login(uniqueEmail("mallory"));
    await expect(
      mallory.api.authentication.terminateSessions({
        filter: { accessKeys: [alice.credential.accessKey, "ses_unknown"] },
      }),
    ).resolves.toEqual({ terminated: 0 });
    await expect(alice.api.user.profile({})).resolves.toMatchObject({ email: alice.email });
    const row = await h.database.connection.db
      .selectFrom("userSession")
      .select("endedAt")
      .where("accessKey", "=", alice.credential.accessKey)
      .executeTakeFirstOrThrow();
    expect(row.endedAt).toBeNull();
  });

  it("refuses the member calls signed with the app credential", async () => {
    const api = h.client({ credential: () => ({ ...DEFAULT_APP_CREDENTIALS.web, email: "" }) });
    const error = await failure(api.user.profile({}));
    expect(error.statusCode).toBe(401);
    expect(error.code).toBe("AUTHENTICATION_ERROR");
  });
});
