import { ApiError } from "@paraphe/api-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import {
  createIdentityHarness,
  uniqueEmail,
  type IdentityHarness,
  type Person,
} from "../test/identity";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

describe.each(testDatabaseKinds)("sign-in session lifetimes on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    // The defaults: 7 days idle, 30 days in all.
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  async function sessionRow(person: Person) {
    return h.database.connection.db
      .selectFrom("userSession")
      .select(["lastUsedAt", "endedAt"])
      .where("accessKey", "=", person.credential.accessKey)
      .executeTakeFirstOrThrow();
  }

  async function expectSignedOut(person: Person) {
    const error = await failure(person.api.user.profile({}));
    expect(error.statusCode).toBe(401);
    expect(error.code).toBe("AUTHENTICATION_ERROR");
  }

  it("ends a session left unused for 7 days: its next call answers 401 AUTHENTICATION_ERROR, and it stays ended", async () => {
    const person = await h.login(uniqueEmail("idle"));
    h.advance(7 * DAY - MINUTE);
    await person.api.user.profile({});
    // Each use starts the idle time again.
    h.advance(7 * DAY - MINUTE);
    await person.api.user.profile({});
    h.advance(7 * DAY + MINUTE);
    await expectSignedOut(person);
    expect((await sessionRow(person)).endedAt).not.toBeNull();
    // Ended for good: coming back within the idle time of the ended session does not revive it.
    await expectSignedOut(person);
  });

  it("does not list a session that expired unused, even before a call ends it", async () => {
    const email = uniqueEmail("listed");
    const stale = await h.login(email);
    h.advance(7 * DAY - MINUTE);
    const fresh = await h.login(email);
    h.advance(2 * MINUTE);
    const { sessions } = await fresh.api.authentication.listSessions({});
    expect(sessions.map((session) => session.accessKey)).toEqual([fresh.credential.accessKey]);
    expect((await sessionRow(stale)).endedAt).toBeNull();
  });

  it("ends a session 30 days after sign-in however busy", async () => {
    const person = await h.login(uniqueEmail("busy"));
    for (let day = 0; day < 29; day++) {
      h.advance(DAY);
      await person.api.user.profile({});
    }
    h.advance(DAY - MINUTE);
    await person.api.user.profile({});
    h.advance(2 * MINUTE);
    await expectSignedOut(person);
  });

  it("records the last use at most once a minute, not at every call", async () => {
    const person = await h.login(uniqueEmail("touch"));
    await person.api.user.profile({});
    const first = (await sessionRow(person)).lastUsedAt;
    expect(first).not.toBeNull();
    h.advance(MINUTE / 2);
    await person.api.user.profile({});
    expect((await sessionRow(person)).lastUsedAt).toEqual(first);
    h.advance(MINUTE);
    await person.api.user.profile({});
    expect((await sessionRow(person)).lastUsedAt?.getTime()).toBeGreaterThan(
      first?.getTime() ?? Number.POSITIVE_INFINITY,
    );
  });
});

describe.each(testDatabaseKinds)("configured sign-in session lifetimes on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(
      kind,
      {},
      { SESSION_IDLE_TIMEOUT_SECONDS: "600", SESSION_MAX_AGE_SECONDS: "3600" },
    );
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("follows SESSION_IDLE_TIMEOUT_SECONDS and SESSION_MAX_AGE_SECONDS", async () => {
    const idle = await h.login(uniqueEmail("short-idle"));
    const busy = await h.login(uniqueEmail("short-busy"));
    h.advance(9 * MINUTE);
    await busy.api.user.profile({});
    h.advance(2 * MINUTE);
    expect((await failure(idle.api.user.profile({}))).code).toBe("AUTHENTICATION_ERROR");
    await busy.api.user.profile({});
    for (let step = 0; step < 5; step++) {
      h.advance(9 * MINUTE);
      await busy.api.user.profile({});
    }
    h.advance(5 * MINUTE);
    expect((await failure(busy.api.user.profile({}))).code).toBe("AUTHENTICATION_ERROR");
  });
});
