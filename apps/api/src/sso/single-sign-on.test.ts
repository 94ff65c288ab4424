import { randomBytes } from "node:crypto";
import type { ApiClient } from "@paraphe/api-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { startTestIdentityProvider, type TestIdentityProvider } from "../test/oidc-provider";
import { openClientSecret } from "./client-secret";
import { OIDC_LOGIN_TTL_MS } from "./oidc-login";

describe.each(testDatabaseKinds)("single sign-on with OpenID Connect on %s", (kind) => {
  let h: IdentityHarness;
  let idp: TestIdentityProvider;
  let otherIdp: TestIdentityProvider;

  beforeAll(async () => {
    // Three seats: the owner takes one.
    h = await createIdentityHarness(kind, {}, { DEFAULT_TEAM_SEATS: "3" });
    const redirectUri = new URL("/auth/oidc", h.t.config.webUrl).toString();
    idp = await startTestIdentityProvider({ redirectUri });
    otherIdp = await startTestIdentityProvider({ redirectUri });
  });
  afterAll(async () => {
    await idp.close();
    await otherIdp.close();
    await h.destroy();
  });

  /** A team whose members have addresses at a domain of its own, and its owner. */
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

  /** Starts a login for `email` from the web app and follows it through the provider. */
  async function loginThroughProvider(
    app: ApiClient,
    email: string,
    provider: TestIdentityProvider = idp,
  ): Promise<string> {
    const { authorizationUrl } = await app.oidc.start({ email, returnPath: "/documents" });
    return provider.authorize(authorizationUrl);
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

  it("signs a new person in through the provider: the account joins the team with the configured role", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save(configuration(idp));
    const app = h.client();
    const email = `newcomer@${domain}`;
    idp.setClaims(email, {
      email,
      email_verified: true,
      given_name: "Nina",
      family_name: "Newcomer",
    });
    const query = await loginThroughProvider(app, email);
    expect(query).toMatch(/[?&]code=/);
    const login = await app.oidc.callback({ query });
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
    const session = await h.database.connection.db
      .selectFrom("userSession")
      .select("method")
      .where("accessKey", "=", login.accessKey)
      .executeTakeFirstOrThrow();
    expect(session.method).toBe("oidc");
    const membership = await h.database.connection.db
      .selectFrom("teamMember")
      .innerJoin("role", "role.id", "teamMember.roleId")
      .innerJoin("appUser", "appUser.id", "teamMember.userId")
      .select("role.name")
      .where("appUser.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(membership.name).toBe("Member");

    // A second login of the same person opens another session in the same team.
    const again = await app.oidc.callback({ query: await loginThroughProvider(app, email) });
    expect(again.isNewUser).toBe(false);
    credential = { accessKey: again.accessKey, secretKey: again.secretKey, email };
    expect((await signedIn.user.profile({})).team?.uuid).toBe(owner.teamUuid);
  });

  it("joins a first-time person with the role the configuration names", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    const viewer = await roleIdOf(h, owner.teamUuid, "Viewer");
    await owner.api.sso.save({ ...configuration(idp), defaultRoleUuid: viewer });
    const app = h.client();
    const email = `reader@${domain}`;
    await app.oidc.callback({ query: await loginThroughProvider(app, email) });
    const membership = await h.database.connection.db
      .selectFrom("teamMember")
      .innerJoin("appUser", "appUser.id", "teamMember.userId")
      .select("teamMember.roleId")
      .where("appUser.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(membership.roleId).toBe(viewer);
  });

  it("refuses a first login when every seat is taken", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save(configuration(idp));
    const app = h.client();
    await app.oidc.callback({ query: await loginThroughProvider(app, `second@${domain}`) });
    await app.oidc.callback({ query: await loginThroughProvider(app, `third@${domain}`) });
    const full = await failure(
      app.oidc.callback({ query: await loginThroughProvider(app, `fourth@${domain}`) }),
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
    await owner.api.sso.save(configuration(idp, false));
    expect((await failure(app.oidc.start({ email: `new@${domain}` }))).code).toBe(
      "OIDC_NOT_CONFIGURED",
    );
    expect((await failure(app.oidc.start({ email: owner.email }))).code).toBe(
      "OIDC_NOT_CONFIGURED",
    );
  });

  it("refuses an ID token signed by a key that is not in the configured key set", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save({ ...configuration(idp), jwksUrl: otherIdp.urls.jwksUrl });
    const app = h.client();
    const exchangesBefore = failedExchanges();
    const error = await failure(
      app.oidc.callback({ query: await loginThroughProvider(app, `signed@${domain}`) }),
    );
    expect(error.code).toBe("OIDC_TOKEN_VERIFICATION_FAILED");
    // Refused on the token, after the exchange.
    expect(failedExchanges()).toBe(exchangesBefore + 1);
  });

  it("refuses an ID token without an email, or with an email marked unverified", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save(configuration(idp));
    const app = h.client();
    const anonymous = `anonymous@${domain}`;
    idp.setClaims(anonymous, { given_name: "No", family_name: "Email" });
    const missing = await failure(
      app.oidc.callback({ query: await loginThroughProvider(app, anonymous) }),
    );
    expect(missing.code).toBe("OIDC_TOKEN_INVALID_PAYLOAD");

    const unverified = `unverified@${domain}`;
    idp.setClaims(unverified, { email: unverified, email_verified: false });
    const refused = await failure(
      app.oidc.callback({ query: await loginThroughProvider(app, unverified) }),
    );
    expect(refused.code).toBe("OIDC_TOKEN_INVALID_PAYLOAD");
  });

  it("refuses a provider account whose email is not the one the login started with", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save(configuration(idp));
    const app = h.client();
    idp.setClaims(owner.email, { email: `someone-else@${domain}`, email_verified: true });
    const error = await failure(
      app.oidc.callback({ query: await loginThroughProvider(app, owner.email) }),
    );
    expect(error.code).toBe("OIDC_EMAIL_MISMATCH");
  });

  it("lets one of two simultaneous callbacks with the same state through", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save(configuration(idp));
    const query = await loginThroughProvider(h.client(), `twice@${domain}`);
    const exchangesBefore = failedExchanges();
    const results = await Promise.allSettled([
      h.client().oidc.callback({ query }),
      h.client().oidc.callback({ query }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    // The other was refused on its used state, before any code went to the provider.
    expect(failedExchanges()).toBe(exchangesBefore);
    const sessions = await h.database.connection.db
      .selectFrom("userSession")
      .innerJoin("appUser", "appUser.id", "userSession.userId")
      .select("userSession.accessKey")
      .where("appUser.email", "=", `twice@${domain}`)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it("uses a state once, and refuses it once the login has expired", async () => {
    const { owner, domain } = await teamAtOwnDomain();
    await owner.api.sso.save(configuration(idp));
    const app = h.client();
    const query = await loginThroughProvider(app, `once@${domain}`);
    await app.oidc.callback({ query });
    const exchangesBefore = failedExchanges();
    const reused = await failure(app.oidc.callback({ query }));
    expect(reused.code).toBe("OIDC_TOKEN_VERIFICATION_FAILED");
    // Refused on the state itself: the code never went to the provider again.
    expect(failedExchanges()).toBe(exchangesBefore);

    const late = await loginThroughProvider(app, `late@${domain}`);
    h.advance(OIDC_LOGIN_TTL_MS + 1000);
    const expired = await failure(app.oidc.callback({ query: late }));
    expect(expired.code).toBe("OIDC_TOKEN_VERIFICATION_FAILED");
    expect(failedExchanges()).toBe(exchangesBefore);

    const forged = await failure(app.oidc.callback({ query: "?code=made-up&state=made-up" }));
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
