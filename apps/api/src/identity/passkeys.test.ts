import { ApiError } from "@paraphe/api-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { SoftwareAuthenticator } from "../test/software-authenticator";
import {
  createIdentityHarness,
  uniqueEmail,
  type IdentityHarness,
  type Person,
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

describe.each(testDatabaseKinds)("passkeys on %s", (kind) => {
  let h: IdentityHarness;
  let rpID: string;
  let origin: string;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    const web = new URL(h.t.config.webUrl);
    rpID = web.hostname;
    origin = web.origin;
  });
  afterAll(async () => {
    await h.destroy();
  });

  async function withPasskey(email = uniqueEmail("passkey")) {
    const person = await h.login(email);
    const authenticator = new SoftwareAuthenticator(rpID, origin);
    const { options } = await person.api.passkey.registrationOptions({});
    const passkey = await person.api.passkey.register({
      response: authenticator.register(options),
    });
    return { person, authenticator, passkey };
  }

  async function passkeyLogin(authenticator: SoftwareAuthenticator) {
    const api = h.client();
    const { challengeId, options } = await api.authentication.passkeyOptions({});
    return api.authentication.passkeyLogin({
      challengeId,
      response: authenticator.authenticate(options),
    });
  }

  it("offers registration options for the web app's host, user verification required", async () => {
    const person = await h.login(uniqueEmail("options"));
    const { options } = await person.api.passkey.registrationOptions({});
    expect(options.rp).toEqual({ name: "Paraphe", id: rpID });
    expect(options.user).toMatchObject({ name: person.email });
    expect(options.authenticatorSelection).toMatchObject({
      userVerification: "required",
      residentKey: "required",
    });
    expect(options.excludeCredentials).toEqual([]);
  });

  it("registers a passkey, lists it, and excludes it from the next registration", async () => {
    const { person, authenticator, passkey } = await withPasskey();
    expect(passkey).toMatchObject({
      id: authenticator.id,
      counter: 0,
      transports: ["internal"],
      lastUsedAt: null,
    });
    await expect(person.api.passkey.list({})).resolves.toEqual({ passkeys: [passkey] });
    const { options } = await person.api.passkey.registrationOptions({});
    expect(options.excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id, type: "public-key" }),
    ]);
  });

  it("logs in with a passkey: a session with method passkey, counter and last use updated", async () => {
    const { person, authenticator } = await withPasskey();
    authenticator.counter = 1;
    const login = await passkeyLogin(authenticator);
    expect(login).toMatchObject({ email: person.email, isNewUser: false });
    const session = await h.database.connection.db
      .selectFrom("userSession")
      .selectAll()
      .where("accessKey", "=", login.accessKey)
      .executeTakeFirstOrThrow();
    expect(session.method).toBe("passkey");
    const [listed] = (await person.api.passkey.list({})).passkeys;
    expect(listed?.counter).toBe(1);
    expect(listed?.lastUsedAt).not.toBeNull();

    // The new credential works.
    let credential = { ...login };
    const api = h.client({ credential: () => credential });
    await expect(api.user.profile({})).resolves.toMatchObject({ email: person.email });
    credential = { ...credential, secretKey: "wrong" };
    expect((await failure(api.user.profile({}))).statusCode).toBe(401);
  });

  it("refuses a counter that does not increase (a cloned authenticator)", async () => {
    const { authenticator } = await withPasskey();
    authenticator.counter = 5;
    await passkeyLogin(authenticator);
    const same = await failure(passkeyLogin(authenticator));
    expect(same.statusCode).toBe(401);
    expect(same.code).toBe("AUTHENTICATION_ERROR");
    authenticator.counter = 3;
    expect((await failure(passkeyLogin(authenticator))).statusCode).toBe(401);
    authenticator.counter = 6;
    await expect(passkeyLogin(authenticator)).resolves.toMatchObject({ isNewUser: false });
  });

  it("uses a login challenge once, and not after 5 minutes", async () => {
    const { authenticator } = await withPasskey();
    const api = h.client();
    const first = await api.authentication.passkeyOptions({});
    authenticator.counter = 1;
    await api.authentication.passkeyLogin({
      challengeId: first.challengeId,
      response: authenticator.authenticate(first.options),
    });
    authenticator.counter = 2;
    const replay = await failure(
      api.authentication.passkeyLogin({
        challengeId: first.challengeId,
        response: authenticator.authenticate(first.options),
      }),
    );
    expect(replay.statusCode).toBe(401);

    const late = await api.authentication.passkeyOptions({});
    h.advance(5 * 60_000 + 1000);
    expect(
      (
        await failure(
          api.authentication.passkeyLogin({
            challengeId: late.challengeId,
            response: authenticator.authenticate(late.options),
          }),
        )
      ).statusCode,
    ).toBe(401);
  });

  it("signs in with a passkey only when the authenticator verified the user, and registers one only then", async () => {
    const { authenticator } = await withPasskey();
    const { options } = await h.client().authentication.passkeyOptions({});
    expect(options).toMatchObject({ userVerification: "required" });

    authenticator.userVerified = false;
    authenticator.counter += 1;
    const presence = await failure(passkeyLogin(authenticator));
    expect(presence.statusCode).toBe(401);
    authenticator.userVerified = true;
    authenticator.counter += 1;
    await expect(passkeyLogin(authenticator)).resolves.toMatchObject({ isNewUser: false });

    const person = await h.login(uniqueEmail("presence-only"));
    const unverified = new SoftwareAuthenticator(rpID, origin);
    unverified.userVerified = false;
    const registration = await person.api.passkey.registrationOptions({});
    const refused = await failure(
      person.api.passkey.register({ response: unverified.register(registration.options) }),
    );
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(await person.api.passkey.list({})).toMatchObject({ passkeys: [] });
  });

  it("refuses an unknown passkey, and a signature made by another key", async () => {
    const stranger = new SoftwareAuthenticator(rpID, origin);
    expect((await failure(passkeyLogin(stranger))).statusCode).toBe(401);

    const { authenticator } = await withPasskey();
    const impostor = new SoftwareAuthenticator(rpID, origin);
    Object.assign(impostor, { credentialId: authenticator.credentialId, counter: 9 });
    impostor.userHandle = authenticator.userHandle;
    expect((await failure(passkeyLogin(impostor))).statusCode).toBe(401);
  });

  it("refuses a registration for another origin, or with a challenge not handed to the caller", async () => {
    const person = await h.login(uniqueEmail("origin"));
    const authenticator = new SoftwareAuthenticator(rpID, origin);
    const { options } = await person.api.passkey.registrationOptions({});
    const wrongOrigin = await failure(
      person.api.passkey.register({
        response: authenticator.register(options, { origin: "https://evil.example" }),
      }),
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.details?.[0]?.message).toBe("passkey_invalid");

    // Bob cannot use the challenge given to Alice.
    const alice = await h.login(uniqueEmail("alice"));
    const bob = await h.login(uniqueEmail("bob"));
    const aliceOptions = (await alice.api.passkey.registrationOptions({})).options;
    const stolen = await failure(
      bob.api.passkey.register({ response: authenticator.register(aliceOptions) }),
    );
    expect(stolen.statusCode).toBe(400);
    await expect(bob.api.passkey.list({})).resolves.toEqual({ passkeys: [] });
  });

  it("never lists or deletes another person's passkey (NOT_FOUND), and deletes one's own", async () => {
    const { person: alice, passkey } = await withPasskey(uniqueEmail("alice"));
    const bob: Person = await h.login(uniqueEmail("bob"));
    await expect(bob.api.passkey.list({})).resolves.toEqual({ passkeys: [] });
    const error = await failure(bob.api.passkey.delete({ id: passkey.id }));
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe("NOT_FOUND");
    expect((await alice.api.passkey.list({})).passkeys).toHaveLength(1);

    await expect(alice.api.passkey.delete({ id: passkey.id })).resolves.toEqual({ deleted: true });
    await expect(alice.api.passkey.list({})).resolves.toEqual({ passkeys: [] });
    expect((await failure(alice.api.passkey.delete({ id: passkey.id }))).statusCode).toBe(404);
  });
});
