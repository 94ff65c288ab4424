import { randomBytes } from "node:crypto";
import type { ApiClient } from "@paraphe/api-sdk";
import { SSO_DOMAINS_PER_TEAM } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { startTestDnsServer, type TestDnsServer } from "../test/dns-server";
import { failure, sentEnvelope, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { startTestIdentityProvider, type TestIdentityProvider } from "../test/oidc-provider";
import { SoftwareAuthenticator } from "../test/software-authenticator";
import { openClientSecret } from "./client-secret";
import { OIDC_LOGIN_TTL_MS } from "./oidc-login";

describe.each(testDatabaseKinds)("single sign-on with OpenID Connect on %s", (kind) => {
  let h: IdentityHarness;
  let idp: TestIdentityProvider;
  let otherIdp: TestIdentityProvider;
  let dns: TestDnsServer;

  beforeAll(async () => {
    dns = await startTestDnsServer();
    // Three seats: the owner takes one.
    h = await createIdentityHarness(
      kind,
      {},
      { DEFAULT_TEAM_SEATS: "3", DNS_RESOLVER: dns.address },
    );
    const redirectUri = new URL("/auth/oidc", h.t.config.webUrl).toString();
    idp = await startTestIdentityProvider({ redirectUri });
    otherIdp = await startTestIdentityProvider({ redirectUri });
  });
  afterAll(async () => {
    await idp.close();
    await otherIdp.close();
    await h.destroy();
    await dns.close();
  });

  /** A team whose members have addresses at a domain of its own (not yet verified), and its owner. */
  async function teamAtOwnDomain(): Promise<{ owner: TeamMember; domain: string }> {
    const domain = `team-${randomBytes(4).toString("hex")}.example`;
    const person = await h.login(`owner@${domain}`);
    const profile = await person.api.team.create({
      name: "Federated team",
      firstname: "Ada",
      lastname: "Owner",
    });
    return {
      owner: {
        ...person,
        teamUuid: profile.team?.uuid ?? "",
        defaultWorkspaceUuid: profile.team?.defaultWorkspaceUuid ?? "",
      },
      domain,
    };
  }

  const configuration = (provider: TestIdentityProvider, enabled = true) => ({
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    ...provider.urls,
    enabled,
  });

  /** Code exchanges that failed at the provider so far (logged by the callback). */
  const failedExchanges = () =>
    h.t.logs.filter((line) => line.msg === "OIDC login: verification failed").length;

  /** Claims `domain` for the owner's team and publishes its TXT record: the domain is verified. */
  async function verifyDomain(owner: TeamMember, domain: string): Promise<void> {
    const { domain: claimed } = await owner.api.sso.addDomain({ domain });
    dns.setTxt(claimed.recordName, [claimed.recordValue]);
    await owner.api.sso.verifyDomain({ domainUuid: claimed.uuid });
  }

  /** A team at a domain it verified, whose owner saved an enabled configuration for `provider`. */
  async function federatedTeam(
    provider: TestIdentityProvider = idp,
  ): Promise<{ owner: TeamMember; domain: string }> {
    const team = await teamAtOwnDomain();
    await verifyDomain(team.owner, team.domain);
    await team.owner.api.sso.save(configuration(provider));
    return team;
  }

  /**
   * Starts a login for `email` from the web app (one browser) and follows it through the
   * provider: the callback request that browser then sends.
   */
  async function loginThroughProvider(
    app: ApiClient,
    email: string,
    provider: TestIdentityProvider = idp,
  ): Promise<{ query: string; browserBinding: string }> {
    const { authorizationUrl, browserBinding } = await app.oidc.start({
      email,
      returnPath: "/documents",
    });
    return { query: await provider.authorize(authorizationUrl), browserBinding };
  }

  /** The sessions `email` has, by method. */
  async function sessionsOf(email: string): Promise<string[]> {
    const rows = await h.database.connection.db
      .selectFrom("userSession")
      .innerJoin("appUser", "appUser.id", "userSession.userId")
      .select("userSession.method")
      .where("appUser.email", "=", email)
      .execute();
    return rows.map((row) => row.method);
  }

  it("saves the configuration with its secret encrypted at rest and never sends the secret back", async () => {
    const { owner } = await teamAtOwnDomain();
    expect(await owner.api.sso.get({})).toEqual({
      configuration: null,
      callbackUrl: "http://localhost:5173/auth/oidc",
    });
    const withoutSecret = await failure(
      owner.api.sso.save({ ...configuration(idp), clientSecret: undefined }),
    );
    expect(withoutSecret.code).toBe("VALIDATION_ERROR");

    const { configuration: saved } = await owner.api.sso.save(configuration(idp));
    expect(saved).toMatchObject({
      clientId: idp.clientId,
      hasClientSecret: true,
      enabled: true,
      defaultRoleUuid: await roleIdOf(h, owner.teamUuid, "Member"),
      callbackUrl: "http://localhost:5173/auth/oidc",
    });
    expect(JSON.stringify(await owner.api.sso.get({}))).not.toContain(idp.clientSecret);

    const row = await h.database.connection.db
      .selectFrom("ssoConfiguration")
      .selectAll()
      .where("teamId", "=", owner.teamUuid)
      .executeTakeFirstOrThrow();
    expect(row.clientSecretSealed).not.toContain(idp.clientSecret);
    expect(openClientSecret(h.t.ssoKey, owner.teamUuid, row.clientSecretSealed)).toBe(
      idp.clientSecret,
    );

    // Saved again without a secret: the stored one is kept.
    const { configuration: updated } = await owner.api.sso.save({
      ...configuration(idp, false),
      clientSecret: undefined,
    });
    expect(updated).toMatchObject({ hasClientSecret: true, enabled: false });
    const kept = await h.database.connection.db
      .selectFrom("ssoConfiguration")
      .select("clientSecretSealed")
      .where("teamId", "=", owner.teamUuid)
      .executeTakeFirstOrThrow();
    expect(openClientSecret(h.t.ssoKey, owner.teamUuid, kept.clientSecretSealed)).toBe(
      idp.clientSecret,
    );

    await owner.api.sso.delete({});
    expect((await owner.api.sso.get({})).configuration).toBeNull();
  });

  it("refuses javascript: and data: URLs with invalid_url on the field, saving and asking nothing", async () => {
    const { owner } = await teamAtOwnDomain();
    for (const url of [
      "javascript:window.__pwned=1",
      "JavaScript:alert(1)//https://id.example",
      "data:text/html,<script>window.__pwned=1</script>",
    ]) {
      const saved = await failure(owner.api.sso.save({ ...configuration(idp), tokenUrl: url }));
      expect(saved.code).toBe("VALIDATION_ERROR");
      expect(saved.details).toEqual([
        expect.objectContaining({ path: "tokenUrl", message: "invalid_url" }),
      ]);
      const discovered = await failure(owner.api.sso.discover({ issuerUrl: url }));
      expect(discovered.details).toEqual([
        expect.objectContaining({ path: "issuerUrl", message: "invalid_url" }),
      ]);
    }
    expect((await owner.api.sso.get({})).configuration).toBeNull();
  });

  it("refuses members whose role may not update the team", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save(configuration(idp));
    const member = await h.login(`member@${domain}`);
    const db = h.database.connection.db;
    const user = await db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", member.email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("teamMember")
      .values({
        teamId: owner.teamUuid,
        userId: user.id,
        roleId: await roleIdOf(h, owner.teamUuid, "Member"),
      })
      .execute();
    expect((await failure(member.api.sso.get({}))).code).toBe("FORBIDDEN");
    expect((await failure(member.api.sso.save(configuration(idp)))).code).toBe("FORBIDDEN");
  });

  it("refuses a role that may update only other fields of the team, and allows one granted sso", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    const db = h.database.connection.db;
    const roleWith = async (fields: string[]) =>
      (
        await db
          .insertInto("role")
          .values({
            teamId: owner.teamUuid,
            name: `Team ${fields.join(" ")}`,
            origin: "custom",
            permissions: JSON.stringify([{ action: ["read", "update"], subject: "Team", fields }]),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const personWith = async (name: string, roleId: string) => {
      const person = await h.login(`${name}@${domain}`);
      const user = await db
        .selectFrom("appUser")
        .select("id")
        .where("email", "=", person.email)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("teamMember")
        .values({ teamId: owner.teamUuid, userId: user.id, roleId })
        .execute();
      return person;
    };
    const renamer = await personWith("renamer", await roleWith(["name"]));
    expect((await failure(renamer.api.sso.get({}))).code).toBe("FORBIDDEN");
    const ssoAdmin = await personWith("sso-admin", await roleWith(["sso"]));
    expect((await ssoAdmin.api.sso.get({})).configuration).toBeNull();
  });

  it("prefills the URLs from the issuer's discovery document", async () => {
    const { owner } = await teamAtOwnDomain();
    expect(await owner.api.sso.discover({ issuerUrl: idp.issuer })).toEqual(idp.urls);
  });

  it("answers the discovery failure message when the issuer cannot be reached", async () => {
    const { owner } = await teamAtOwnDomain();
    const closed = await startTestIdentityProvider({ redirectUri: "http://localhost/auth/oidc" });
    await closed.close();
    const error = await failure(owner.api.sso.discover({ issuerUrl: closed.issuer }));
    expect(error.code).toBe("OIDC_DISCOVERY_FAILED");
    expect(error.message).toBe("Failed to fetch OIDC configuration: enter the URLs manually.");
  });

  /** Adds a person at the team's domain, signed in with a code, as a member with `roleName`. */
  async function memberWith(
    owner: TeamMember,
    email: string,
    roleName: string,
  ): Promise<TeamMember> {
    const person = await h.login(email);
    const db = h.database.connection.db;
    const user = await db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("teamMember")
      .values({
        teamId: owner.teamUuid,
        userId: user.id,
        roleId: await roleIdOf(h, owner.teamUuid, roleName),
      })
      .execute();
    await db
      .insertInto("workspaceMember")
      .values({ workspaceId: owner.defaultWorkspaceUuid, userId: user.id })
      .execute();
    return {
      ...person,
      teamUuid: owner.teamUuid,
      defaultWorkspaceUuid: owner.defaultWorkspaceUuid,
    };
  }

  /** A client signed in with the answer of a callback. */
  const signedInWith = (login: { accessKey: string; secretKey: string; email: string }) =>
    h.client({
      credential: () => ({
        accessKey: login.accessKey,
        secretKey: login.secretKey,
        email: login.email,
      }),
    });

  describe("the team's verified domains", () => {
    it("verifies a domain by its DNS TXT record, and nothing before the record is published", async () => {
      const { owner, domain } = await teamAtOwnDomain();
      expect(await owner.api.sso.listDomains({})).toEqual({ domains: [] });
      const { domain: claimed } = await owner.api.sso.addDomain({
        domain: ` ${domain.toUpperCase()} `,
      });
      expect(claimed).toMatchObject({
        domain,
        status: "pending",
        recordName: `_paraphe.${domain}`,
        recordValue: expect.stringMatching(/^paraphe-verification=[0-9a-f]{40}$/) as string,
        verifiedAt: null,
      });

      const missing = await failure(owner.api.sso.verifyDomain({ domainUuid: claimed.uuid }));
      expect(missing.code).toBe("VALIDATION_ERROR");
      expect(missing.message).toContain(`_paraphe.${domain}`);
      expect(missing.details).toEqual([
        { path: "domain", code: "custom", message: "record_not_found" },
      ]);
      // A record of another value proves nothing either.
      dns.setTxt(claimed.recordName, ["paraphe-verification=someone-elses-token", "v=spf1 -all"]);
      expect(
        (await failure(owner.api.sso.verifyDomain({ domainUuid: claimed.uuid }))).details,
      ).toEqual([{ path: "domain", code: "custom", message: "record_not_found" }]);
      expect((await owner.api.sso.listDomains({})).domains[0]?.status).toBe("pending");

      dns.setTxt(claimed.recordName, ["v=spf1 -all", claimed.recordValue]);
      const { domain: verified } = await owner.api.sso.verifyDomain({ domainUuid: claimed.uuid });
      expect(verified).toMatchObject({ uuid: claimed.uuid, status: "verified" });
      expect(verified.verifiedAt).not.toBeNull();

      await owner.api.sso.removeDomain({ domainUuid: claimed.uuid });
      expect(await owner.api.sso.listDomains({})).toEqual({ domains: [] });
      const gone = await failure(owner.api.sso.removeDomain({ domainUuid: claimed.uuid }));
      expect(gone.code).toBe("NOT_FOUND");
    });

    it("says so when the DNS server fails, and verifies nothing", async () => {
      const { owner, domain } = await teamAtOwnDomain();
      const { domain: claimed } = await owner.api.sso.addDomain({ domain });
      dns.failFor(claimed.recordName);
      const failed = await failure(owner.api.sso.verifyDomain({ domainUuid: claimed.uuid }));
      expect(failed.details).toEqual([
        { path: "domain", code: "custom", message: "lookup_failed" },
      ]);
      expect((await owner.api.sso.listDomains({})).domains[0]?.status).toBe("pending");
    });

    it("never accepts a public mail domain", async () => {
      const { owner } = await teamAtOwnDomain();
      for (const domain of [
        "gmail.com",
        "outlook.fr",
        "yahoo.co.uk",
        "mail.gmail.com",
        "free.fr",
      ]) {
        const refused = await failure(owner.api.sso.addDomain({ domain }));
        expect(refused.code).toBe("VALIDATION_ERROR");
        expect(refused.details).toEqual([
          { path: "domain", code: "custom", message: "public_domain" },
        ]);
      }
      expect(await owner.api.sso.listDomains({})).toEqual({ domains: [] });
    });

    it("refuses one domain more than a team may claim, naming the most it may", async () => {
      const { owner } = await teamAtOwnDomain();
      const suffix = randomBytes(4).toString("hex");
      for (let index = 0; index < SSO_DOMAINS_PER_TEAM; index += 1) {
        await owner.api.sso.addDomain({ domain: `d${index}-${suffix}.example` });
      }
      const refused = await failure(owner.api.sso.addDomain({ domain: `more-${suffix}.example` }));
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.message).toBe(`A team may claim at most ${SSO_DOMAINS_PER_TEAM} domains.`);
      expect(refused.details).toEqual([
        {
          path: "domain",
          code: "custom",
          message: "too_many_domains",
          params: { limit: SSO_DOMAINS_PER_TEAM },
        },
      ]);
      expect((await owner.api.sso.listDomains({})).domains).toHaveLength(SSO_DOMAINS_PER_TEAM);
    });

    it("lets one team at most verify a domain", async () => {
      const first = await teamAtOwnDomain();
      await verifyDomain(first.owner, first.domain);
      const second = await teamAtOwnDomain();
      const taken = await failure(second.owner.api.sso.addDomain({ domain: first.domain }));
      expect(taken.code).toBe("CONFLICT");
      expect(taken.message).toBe("This domain is verified by another team.");

      // Claimed by both while pending: the second to verify is refused, even with the record.
      const shared = `shared-${randomBytes(4).toString("hex")}.example`;
      const a = (await first.owner.api.sso.addDomain({ domain: shared })).domain;
      const b = (await second.owner.api.sso.addDomain({ domain: shared })).domain;
      dns.setTxt(a.recordName, [a.recordValue, b.recordValue]);
      await first.owner.api.sso.verifyDomain({ domainUuid: a.uuid });
      const late = await failure(second.owner.api.sso.verifyDomain({ domainUuid: b.uuid }));
      expect(late.code).toBe("CONFLICT");
      // Another team's domain is not found from this one.
      expect((await failure(second.owner.api.sso.removeDomain({ domainUuid: a.uuid }))).code).toBe(
        "NOT_FOUND",
      );
    });

    it("refuses the domain calls to a member who may not administer single sign-on", async () => {
      const { owner, domain } = await teamAtOwnDomain();
      const member = await memberWith(owner, `member@${domain}`, "Member");
      expect((await failure(member.api.sso.listDomains({}))).code).toBe("FORBIDDEN");
      expect((await failure(member.api.sso.addDomain({ domain }))).code).toBe("FORBIDDEN");
      expect(await owner.api.sso.listDomains({})).toEqual({ domains: [] });
    });
  });

  it("signs a new person at a verified domain in through the provider: the account joins the team with the configured role", async () => {
    const { owner, domain } = await federatedTeam();
    const app = h.client();
    const email = `newcomer@${domain}`;
    idp.setClaims(email, {
      email,
      email_verified: true,
      given_name: "Nina",
      family_name: "Newcomer",
    });
    const callback = await loginThroughProvider(app, email);
    expect(callback.query).toMatch(/[?&]code=/);
    const login = await app.oidc.callback(callback);
    expect(login).toMatchObject({ email, isNewUser: true, returnPath: "/documents" });

    let credential = { accessKey: login.accessKey, secretKey: login.secretKey, email };
    const signedIn = h.client({ credential: () => credential });
    const profile = await signedIn.user.profile({});
    expect(profile).toMatchObject({
      email,
      firstname: "Nina",
      lastname: "Newcomer",
      team: { uuid: owner.teamUuid },
    });
    // The callback's answer carried that profile already: the app need not ask for it.
    expect(login.profile).toEqual(profile);
    expect(login.hasPasskey).toBe(false);
    // The sessions list says the session was opened by single sign-on.
    const { sessions } = await signedIn.authentication.listSessions({});
    expect(sessions).toEqual([expect.objectContaining({ current: true, method: "oidc" })]);
    const membership = await h.database.connection.db
      .selectFrom("teamMember")
      .innerJoin("role", "role.id", "teamMember.roleId")
      .innerJoin("appUser", "appUser.id", "teamMember.userId")
      .select(["role.name", "appUser.emailVerifiedAt"])
      .where("appUser.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(membership).toEqual({ name: "Member", emailVerifiedAt: null });

    // A second login of the same person opens another session in the same team.
    const again = await app.oidc.callback(await loginThroughProvider(app, email));
    expect(again.isNewUser).toBe(false);
    credential = { accessKey: again.accessKey, secretKey: again.secretKey, email };
    expect((await signedIn.user.profile({})).team?.uuid).toBe(owner.teamUuid);
  });

  it("saves a provider without userinfo or revocation URLs (as Microsoft Entra ID publishes none) and signs in through it", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await verifyDomain(owner, domain);
    const { configuration: saved } = await owner.api.sso.save({
      ...configuration(idp),
      userinfoUrl: "",
      revocationUrl: null,
    });
    expect(saved).toMatchObject({ userinfoUrl: null, revocationUrl: null });
    const invalid = await failure(
      owner.api.sso.save({ ...configuration(idp), revocationUrl: "not a url" }),
    );
    expect(invalid.details).toEqual([
      expect.objectContaining({ path: "revocationUrl", message: "invalid_url" }),
    ]);
    const app = h.client();
    const email = `entra@${domain}`;
    idp.setClaims(email, { email, email_verified: true, given_name: "Eno", family_name: "Tra" });
    const login = await app.oidc.callback(await loginThroughProvider(app, email));
    expect(login).toMatchObject({ email, isNewUser: true });
  });

  it("signs nobody new in at a domain the team has not verified", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save(configuration(idp));
    const { domain: claimed } = await owner.api.sso.addDomain({ domain });
    const app = h.client();
    const email = `unproven@${domain}`;
    expect((await failure(app.oidc.start({ email }))).code).toBe("OIDC_NOT_CONFIGURED");

    // Verified when the login starts, removed before it comes back: refused all the same.
    dns.setTxt(claimed.recordName, [claimed.recordValue]);
    await owner.api.sso.verifyDomain({ domainUuid: claimed.uuid });
    const callback = await loginThroughProvider(app, email);
    await owner.api.sso.removeDomain({ domainUuid: claimed.uuid });
    expect((await failure(app.oidc.callback(callback))).code).toBe("OIDC_EMAIL_MISMATCH");
    expect(await sessionsOf(email)).toEqual([]);
  });

  it("gives no session for an outside signer's public-domain email, even when a member shares its domain", async () => {
    // The attack of issue 25: an admin whose own address is at gmail.com runs the team's provider.
    const { owner, domain } = await federatedTeam();
    const suffix = randomBytes(4).toString("hex");
    await memberWith(owner, `admin-${suffix}@gmail.com`, "Admin");
    const victim = `victim-${suffix}@gmail.com`;
    const app = h.client();
    expect((await failure(app.oidc.start({ email: victim }))).code).toBe("OIDC_NOT_CONFIGURED");
    // Started for an address of the team's domain, the provider asserts the victim's: refused.
    idp.setClaims(`someone@${domain}`, { email: victim, email_verified: true });
    const mismatch = await failure(
      app.oidc.callback(await loginThroughProvider(app, `someone@${domain}`)),
    );
    expect(mismatch.code).toBe("OIDC_EMAIL_MISMATCH");
    const account = await h.database.connection.db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", victim)
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  it("never opens an account that exists outside the team, in no team or in another", async () => {
    const { domain } = await federatedTeam();
    const app = h.client();
    // A signer at the team's domain who signed in with a code, member of no team.
    const signer = await h.login(`signer@${domain}`);
    expect((await failure(app.oidc.start({ email: signer.email }))).code).toBe(
      "OIDC_NOT_CONFIGURED",
    );
    // Another team's member at the team's domain.
    const other = await teamAtOwnDomain();
    const elsewhere = await memberWith(other.owner, `elsewhere@${domain}`, "Member");
    expect((await failure(app.oidc.start({ email: elsewhere.email }))).code).toBe(
      "OIDC_NOT_CONFIGURED",
    );
    // An account created with a code while the login is at the provider: not opened either.
    const racer = `racer@${domain}`;
    const callback = await loginThroughProvider(app, racer);
    await h.login(racer);
    expect((await failure(app.oidc.callback(callback))).code).toBe("OIDC_EMAIL_MISMATCH");
    for (const email of [signer.email, elsewhere.email, racer]) {
      expect(await sessionsOf(email)).toEqual(["code"]);
    }
  });

  it("does not open the account of a member whose role is above the configuration's author's", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await verifyDomain(owner, domain);
    const admin = await memberWith(owner, `admin@${domain}`, "Admin");
    const member = await memberWith(owner, `member@${domain}`, "Member");
    // The Admin saves the configuration: the Owner's account is beyond its reach.
    await admin.api.sso.save(configuration(idp));
    const app = h.client();
    const refused = await failure(app.oidc.callback(await loginThroughProvider(app, owner.email)));
    expect(refused.code).toBe("FORBIDDEN");
    expect(await sessionsOf(owner.email)).toEqual(["code"]);
    // Members and the Admin itself sign in as before.
    await app.oidc.callback(await loginThroughProvider(app, member.email));
    await app.oidc.callback(await loginThroughProvider(app, admin.email));
    expect(await sessionsOf(member.email)).toEqual(["code", "oidc"]);

    // Saved by the Owner, the configuration opens the Owner's account.
    await owner.api.sso.save({ ...configuration(idp), clientSecret: undefined });
    await app.oidc.callback(await loginThroughProvider(app, owner.email));
    expect(await sessionsOf(owner.email)).toEqual(["code", "oidc"]);

    // The Admin saves it again with the Owner role for newcomers: nobody joins as Owner.
    await admin.api.sso.save({ ...configuration(idp), clientSecret: undefined });
    await h.database.connection.db
      .updateTable("ssoConfiguration")
      .set({ defaultRoleId: await roleIdOf(h, owner.teamUuid, "Owner") })
      .where("teamId", "=", owner.teamUuid)
      .execute();
    const newcomer = `newcomer@${domain}`;
    const joined = await failure(app.oidc.callback(await loginThroughProvider(app, newcomer)));
    expect(joined.code).toBe("FORBIDDEN");
    const created = await h.database.connection.db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", newcomer)
      .executeTakeFirst();
    expect(created).toBeUndefined();

    // The Admin leaves the team: nobody answers for the configuration, it opens nothing.
    const db = h.database.connection.db;
    const adminUser = await db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", admin.email)
      .executeTakeFirstOrThrow();
    await db.deleteFrom("workspaceMember").where("userId", "=", adminUser.id).execute();
    await db.deleteFrom("teamMember").where("userId", "=", adminUser.id).execute();
    const orphan = await failure(app.oidc.callback(await loginThroughProvider(app, member.email)));
    expect(orphan.code).toBe("FORBIDDEN");
    expect(orphan.message).toBe(
      "Nobody in the team answers for this single sign-on configuration any more.",
    );
    expect(await sessionsOf(member.email)).toEqual(["code", "oidc"]);
  });

  it("shows a single sign-on session only its own team's signing requests until Paraphe proves the email", async () => {
    const { owner, domain } = await federatedTeam();
    const email = `signer@${domain}`;
    const other = await teamAtOwnDomain();
    await sentEnvelope(owner, [email], { title: "Own team" });
    await sentEnvelope(other.owner, [email], { title: "Other team" });

    const app = h.client();
    const login = await app.oidc.callback(await loginThroughProvider(app, email));
    const viaSso = signedInWith(login);
    const own = await viaSso.envelope.listRequests({});
    expect(own.requests.map((request) => request.envelopeTitle)).toEqual(["Own team"]);
    expect((await viaSso.envelope.dashboard({})).inboxPending).toBe(1);

    // Signed in with a code, the same person sees every team's requests.
    const withCode = await h.login(email);
    const all = await withCode.api.envelope.listRequests({});
    expect(all.requests.map((request) => request.envelopeTitle).sort()).toEqual([
      "Other team",
      "Own team",
    ]);
    expect((await withCode.api.envelope.dashboard({})).inboxPending).toBe(2);
    // The single sign-on session still does not.
    expect((await viaSso.envelope.listRequests({})).requests).toHaveLength(1);
  });

  it("does not let a passkey registered by a single sign-on session reach other teams' signing requests", async () => {
    const { owner, domain } = await federatedTeam();
    const email = `keyholder@${domain}`;
    const other = await teamAtOwnDomain();
    await sentEnvelope(owner, [email], { title: "Own team" });
    await sentEnvelope(other.owner, [email], { title: "Other team" });
    const web = new URL(h.t.config.webUrl);
    const titlesOf = async (login: { accessKey: string; secretKey: string; email: string }) =>
      (await signedInWith(login).envelope.listRequests({})).requests
        .map((request) => request.envelopeTitle)
        .sort();
    const passkeyLogin = async (authenticator: SoftwareAuthenticator) => {
      const browser = h.client();
      const { challengeId, options } = await browser.authentication.passkeyOptions({});
      return browser.authentication.passkeyLogin({
        challengeId,
        response: authenticator.authenticate(options),
      });
    };
    const register = async (login: { accessKey: string; secretKey: string; email: string }) => {
      const authenticator = new SoftwareAuthenticator(web.hostname, web.origin);
      const api = signedInWith(login);
      const { options } = await api.passkey.registrationOptions({});
      await api.passkey.register({ response: authenticator.register(options) });
      return authenticator;
    };

    const app = h.client();
    const viaSso = await app.oidc.callback(await loginThroughProvider(app, email));
    const ssoKey = await register(viaSso);
    expect(await titlesOf(await passkeyLogin(ssoKey))).toEqual(["Own team"]);

    // Proven by a code, the person registers another passkey: that one reaches every team.
    const withCode = await h.login(email);
    const provenKey = await register(withCode.credential);
    expect(await titlesOf(await passkeyLogin(provenKey))).toEqual(["Other team", "Own team"]);
    // The first passkey still does not.
    expect(await titlesOf(await passkeyLogin(ssoKey))).toEqual(["Own team"]);
  });

  it("joins a first-time person with the role the configuration names", async () => {
    const { owner, domain } = await federatedTeam();
    const viewer = await roleIdOf(h, owner.teamUuid, "Viewer");
    await owner.api.sso.save({
      ...configuration(idp),
      clientSecret: undefined,
      defaultRoleUuid: viewer,
    });
    const app = h.client();
    const email = `reader@${domain}`;
    await app.oidc.callback(await loginThroughProvider(app, email));
    const membership = await h.database.connection.db
      .selectFrom("teamMember")
      .innerJoin("appUser", "appUser.id", "teamMember.userId")
      .select("teamMember.roleId")
      .where("appUser.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(membership.roleId).toBe(viewer);
  });

  it("refuses a first login when every seat is taken", async () => {
    const { domain } = await federatedTeam();
    const app = h.client();
    await app.oidc.callback(await loginThroughProvider(app, `second@${domain}`));
    await app.oidc.callback(await loginThroughProvider(app, `third@${domain}`));
    const full = await failure(
      app.oidc.callback(await loginThroughProvider(app, `fourth@${domain}`)),
    );
    expect(full.code).toBe("SEATS_FULL");
    const created = await h.database.connection.db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", `fourth@${domain}`)
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it("answers OIDC_NOT_CONFIGURED when no team has single sign-on enabled for the email", async () => {
    const app = h.client();
    const unknown = await failure(
      app.oidc.start({ email: `someone@nowhere-${randomBytes(4).toString("hex")}.example` }),
    );
    expect(unknown.code).toBe("OIDC_NOT_CONFIGURED");

    const { owner, domain } = await teamAtOwnDomain();
    await verifyDomain(owner, domain);
    await owner.api.sso.save(configuration(idp, false));
    expect((await failure(app.oidc.start({ email: `new@${domain}` }))).code).toBe(
      "OIDC_NOT_CONFIGURED",
    );
    expect((await failure(app.oidc.start({ email: owner.email }))).code).toBe(
      "OIDC_NOT_CONFIGURED",
    );
  });

  it("refuses an ID token signed by a key that is not in the configured key set", async () => {
    const { owner, domain } = await federatedTeam();
    await owner.api.sso.save({
      ...configuration(idp),
      clientSecret: undefined,
      jwksUrl: otherIdp.urls.jwksUrl,
    });
    const app = h.client();
    const exchangesBefore = failedExchanges();
    const error = await failure(
      app.oidc.callback(await loginThroughProvider(app, `signed@${domain}`)),
    );
    expect(error.code).toBe("OIDC_TOKEN_VERIFICATION_FAILED");
    // Refused on the token, after the exchange.
    expect(failedExchanges()).toBe(exchangesBefore + 1);
  });

  it("refuses an ID token without an email, or with an email marked unverified", async () => {
    const { domain } = await federatedTeam();
    const app = h.client();
    const anonymous = `anonymous@${domain}`;
    idp.setClaims(anonymous, { given_name: "No", family_name: "Email" });
    const missing = await failure(app.oidc.callback(await loginThroughProvider(app, anonymous)));
    expect(missing.code).toBe("OIDC_TOKEN_INVALID_PAYLOAD");

    const unverified = `unverified@${domain}`;
    idp.setClaims(unverified, { email: unverified, email_verified: false });
    const refused = await failure(app.oidc.callback(await loginThroughProvider(app, unverified)));
    expect(refused.code).toBe("OIDC_TOKEN_INVALID_PAYLOAD");
  });

  it("refuses a provider account whose email is not the one the login started with", async () => {
    const { owner, domain } = await federatedTeam();
    const app = h.client();
    idp.setClaims(owner.email, { email: `someone-else@${domain}`, email_verified: true });
    const error = await failure(app.oidc.callback(await loginThroughProvider(app, owner.email)));
    expect(error.code).toBe("OIDC_EMAIL_MISMATCH");
  });

  it("refuses a callback opened in a browser that did not start the login", async () => {
    const { domain } = await federatedTeam();
    // The attacker starts a login and sends the callback URL to a victim, whose browser holds no
    // binding of that login (or one of its own).
    const attacker = h.client();
    const email = `attacker@${domain}`;
    const started = await loginThroughProvider(attacker, email);
    const victim = h.client();
    const own = await victim.oidc.start({ email: `victim@${domain}` });
    const exchangesBefore = failedExchanges();
    for (const browserBinding of [own.browserBinding, "x", started.browserBinding.slice(1)]) {
      const refused = await failure(victim.oidc.callback({ query: started.query, browserBinding }));
      expect(refused.code).toBe("OIDC_TOKEN_VERIFICATION_FAILED");
      expect(refused.message).toBe("This sign-in was started in another browser.");
      expect(refused.details).toEqual([
        { path: "browserBinding", code: "custom", message: "other_browser" },
      ]);
    }
    // Refused before the code went to the provider, and no session opened.
    expect(failedExchanges()).toBe(exchangesBefore);
    expect(await sessionsOf(email)).toEqual([]);
    // The browser that started it still finishes it.
    await attacker.oidc.callback(started);
    expect(await sessionsOf(email)).toEqual(["oidc"]);
  });

  it("lets one of two simultaneous callbacks with the same state through", async () => {
    const { domain } = await federatedTeam();
    const callback = await loginThroughProvider(h.client(), `twice@${domain}`);
    const exchangesBefore = failedExchanges();
    const results = await Promise.allSettled([
      h.client().oidc.callback(callback),
      h.client().oidc.callback(callback),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    // The other was refused on its used state, before any code went to the provider.
    expect(failedExchanges()).toBe(exchangesBefore);
    expect(await sessionsOf(`twice@${domain}`)).toHaveLength(1);
  });

  it("uses a state once, and refuses it once the login has expired", async () => {
    const { domain } = await federatedTeam();
    const app = h.client();
    const callback = await loginThroughProvider(app, `once@${domain}`);
    await app.oidc.callback(callback);
    const exchangesBefore = failedExchanges();
    const reused = await failure(app.oidc.callback(callback));
    expect(reused.code).toBe("OIDC_TOKEN_VERIFICATION_FAILED");
    // Refused on the state itself: the code never went to the provider again.
    expect(failedExchanges()).toBe(exchangesBefore);

    const late = await loginThroughProvider(app, `late@${domain}`);
    h.advance(OIDC_LOGIN_TTL_MS + 1000);
    const expired = await failure(app.oidc.callback(late));
    expect(expired.code).toBe("OIDC_TOKEN_VERIFICATION_FAILED");
    expect(failedExchanges()).toBe(exchangesBefore);

    const forged = await failure(
      app.oidc.callback({ query: "?code=made-up&state=made-up", browserBinding: "made-up" }),
    );
    expect(forged.code).toBe("OIDC_TOKEN_VERIFICATION_FAILED");
  });
});

describe("single sign-on in production", () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(
      "pglite",
      {},
      {
        NODE_ENV: "production",
        BLOB_MASTER_KEY: randomBytes(32).toString("base64"),
        SMTP_URL: "smtp://127.0.0.1:2525",
      },
    );
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("refuses identity-provider URLs that are not https", async () => {
    const domain = `team-${randomBytes(4).toString("hex")}.example`;
    const owner = await h.login(`owner@${domain}`);
    await owner.api.team.create({ name: "Production team", firstname: "Ada", lastname: "Owner" });
    const secure = {
      clientId: "client",
      clientSecret: "secret",
      issuerUrl: "https://idp.example",
      authorizationUrl: "https://idp.example/authorize",
      tokenUrl: "https://idp.example/token",
      userinfoUrl: "https://idp.example/userinfo",
      revocationUrl: "https://idp.example/revoke",
      jwksUrl: "https://idp.example/jwks",
      enabled: true,
    };
    const refused = await failure(
      owner.api.sso.save({ ...secure, tokenUrl: "http://idp.example/token" }),
    );
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details).toEqual([
      { path: "tokenUrl", code: "custom", message: "insecure_url" },
    ]);
    expect((await owner.api.sso.save(secure)).configuration.enabled).toBe(true);

    const discovery = await failure(owner.api.sso.discover({ issuerUrl: "http://idp.example" }));
    expect(discovery.code).toBe("OIDC_DISCOVERY_FAILED");
  });
});
