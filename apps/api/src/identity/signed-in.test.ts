import type { LoginResponse } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { SoftwareAuthenticator } from "../test/software-authenticator";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";

describe.each(testDatabaseKinds)("a sign-in's answer with the person on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  async function codeSignIn(email: string): Promise<LoginResponse> {
    const api = h.client();
    await api.authentication.requestCode({ email });
    return api.authentication.verifyCode({ email, code: await h.lastCode(email) });
  }

  /** What `/user/profile` answers with the credential of `login`. */
  function profileOf(login: LoginResponse) {
    return h.client({ credential: () => login }).user.profile({});
  }

  it("answers a new person's profile, as /user/profile gives it, and no passkey", async () => {
    const email = uniqueEmail("first");
    const login = await codeSignIn(email);
    expect(login).toMatchObject({ email, isNewUser: true, hasPasskey: false });
    expect(login.profile).toMatchObject({ email, team: null });
    expect(login.profile).toEqual(await profileOf(login));
  });

  it("answers each member's own profile and team, nothing of another team", async () => {
    const alice = await h.login(uniqueEmail("alice"));
    const bob = await h.login(uniqueEmail("bob"));
    const aliceTeam = (
      await alice.api.team.create({ name: "Alice's team", firstname: "Alice", lastname: "Archer" })
    ).team;
    const bobTeam = (
      await bob.api.team.create({ name: "Bob's team", firstname: "Bob", lastname: "Baker" })
    ).team;
    expect(aliceTeam?.uuid).not.toBe(bobTeam?.uuid);

    const aliceLogin = await codeSignIn(alice.email);
    const bobLogin = await codeSignIn(bob.email);
    expect(aliceLogin.profile).toEqual(await profileOf(aliceLogin));
    expect(bobLogin.profile).toEqual(await profileOf(bobLogin));
    expect(aliceLogin.profile).toMatchObject({
      email: alice.email,
      team: { uuid: aliceTeam?.uuid },
    });
    expect(bobLogin.profile).toMatchObject({ email: bob.email, team: { uuid: bobTeam?.uuid } });
    const bobAnswer = JSON.stringify(bobLogin);
    expect(bobAnswer).not.toContain(alice.email);
    expect(bobAnswer).not.toContain(String(aliceTeam?.uuid));
    expect(bobAnswer).not.toContain("Alice's team");
  });

  it("says a person has a passkey once one is registered, and answers the profile to a passkey sign-in", async () => {
    const web = new URL(h.t.config.webUrl);
    const person = await h.login(uniqueEmail("passkey"));
    const authenticator = new SoftwareAuthenticator(web.hostname, web.origin);
    const { options } = await person.api.passkey.registrationOptions({});
    await person.api.passkey.register({ response: authenticator.register(options) });

    const byCode = await codeSignIn(person.email);
    expect(byCode).toMatchObject({ hasPasskey: true, profile: { email: person.email } });

    const api = h.client();
    const challenge = await api.authentication.passkeyOptions({});
    const byPasskey = await api.authentication.passkeyLogin({
      challengeId: challenge.challengeId,
      response: authenticator.authenticate(challenge.options),
    });
    expect(byPasskey).toMatchObject({ email: person.email, hasPasskey: true });
    expect(byPasskey.profile).toEqual(await profileOf(byPasskey));
  });
});
