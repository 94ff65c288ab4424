import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { OidcCallbackResponse, OidcStartResponse } from "@paraphe/api-sdk/contract";
import type { Kysely, Selectable } from "kysely";
import * as oidc from "openid-client";
import type { Database, SsoConfigurationTable } from "../db/database";
import { AppError } from "../errors/app-error";
import { createOutboundFetch } from "../http/outbound-fetch";
import type { ClientInfo } from "../identity/client-info";
import { findOrCreateUser, lockUser } from "../identity/identity-store";
import { hitRateLimit, LOGIN_CODES_PER_IP } from "../identity/rate-limit";
import { openSession } from "../identity/sessions";
import { requireFreeSeat, teamSeats } from "../billing/seats";
import { takesSeat } from "../members/team-access";
import { lockTeam } from "../members/team-store";
import { openClientSecret } from "./client-secret";
import { allowsInsecureIdentityProvider, memberRoleId, oidcCallbackUrl } from "./sso-configuration";
import { memberRole, roleCovers, type StoredRole } from "./sso-author";
import type { SsoDeps } from "./sso-deps";
import { teamOfEmailDomain, teamOwnsEmailDomain } from "./sso-domains";
import { lockLoginAttempt } from "./sso-store";

type SsoRow = Selectable<SsoConfigurationTable>;

/** A login started with `/auth/oidc/start` must come back within 10 minutes. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;
/** How long the identity provider's token endpoint and key set have to answer, in seconds. */
const IDENTITY_PROVIDER_TIMEOUT_SECONDS = 10;
/** The largest answer read from the identity provider (tokens and key sets are a few kilobytes). */
const IDENTITY_PROVIDER_MAX_BYTES = 1024 * 1024;
/** Scopes asked for: the person's email and names. */
const SCOPE = "openid email profile";

const notConfigured = () => new AppError("OIDC_NOT_CONFIGURED");
const verificationFailed = (cause?: unknown) =>
  new AppError("OIDC_TOKEN_VERIFICATION_FAILED", cause === undefined ? {} : { cause });
const invalidPayload = () => new AppError("OIDC_TOKEN_INVALID_PAYLOAD");
/** A callback whose browser binding is not the one of the browser that started the login. */
const otherBrowser = () =>
  new AppError("OIDC_TOKEN_VERIFICATION_FAILED", {
    message: "This sign-in was started in another browser.",
    suggestion: "Start the sign-in again from this browser.",
    fields: [{ path: "browserBinding", code: "custom", message: "other_browser" }],
  });
/** An account this team's identity provider may not open. */
const notTheTeams = () =>
  new AppError("OIDC_EMAIL_MISMATCH", {
    message: "Your team's single sign-on cannot open this account.",
    suggestion: "Sign in with a code sent to your email or with a passkey.",
  });
/** A configuration whose author is no longer a member (or saved before authors were kept). */
const noAuthor = () =>
  new AppError("FORBIDDEN", {
    message: "Nobody in the team answers for this single sign-on configuration any more.",
    suggestion: "Ask an owner or an admin of the team to save the single sign-on settings again.",
  });
/** A member whose role holds more than the configuration's author's. */
const aboveAuthor = () =>
  new AppError("FORBIDDEN", {
    message: "Single sign-on cannot open the account of a member whose role is above its author's.",
    suggestion:
      "Sign in with a code sent to your email or with a passkey, or ask an owner to save the single sign-on configuration.",
  });

const stateKeys = new WeakMap<Buffer, Buffer>();

/**
 * The nonce and PKCE verifier of a login, derived from its state (HMAC-SHA-256 under a key derived
 * from the session credential key): only the state's hash is stored, and only the browser that
 * started the login holds the state, so nothing in the database finishes a login.
 */
function derivedChecks(
  sessionCredentialKey: Buffer,
  state: string,
): { nonce: string; verifier: string } {
  let key = stateKeys.get(sessionCredentialKey);
  if (key === undefined) {
    key = Buffer.from(
      hkdfSync("sha256", sessionCredentialKey, new Uint8Array(0), "paraphe/api oidc state v1", 32),
    );
    stateKeys.set(sessionCredentialKey, key);
  }
  const derive = (label: string) =>
    createHmac("sha256", key).update(`${label}\n${state}`, "utf8").digest("base64url");
  // 32 bytes in base64url: 43 characters, what RFC 7636 asks of a verifier.
  return { nonce: derive("nonce"), verifier: derive("pkce verifier") };
}

const hashState = (state: string): Buffer => createHash("sha256").update(state, "utf8").digest();
const hashBinding = (binding: string): Buffer =>
  createHash("sha256").update(`paraphe oidc browser binding\n${binding}`, "utf8").digest();

/** The openid-client configuration of a team's identity provider. */
function clientConfiguration(deps: SsoDeps, row: SsoRow): oidc.Configuration {
  const configuration = new oidc.Configuration(
    {
      issuer: row.issuerUrl,
      authorization_endpoint: row.authorizationUrl,
      token_endpoint: row.tokenUrl,
      ...(row.userinfoUrl === null ? {} : { userinfo_endpoint: row.userinfoUrl }),
      ...(row.revocationUrl === null ? {} : { revocation_endpoint: row.revocationUrl }),
      jwks_uri: row.jwksUrl,
    },
    row.clientId,
    undefined,
    oidc.ClientSecretBasic(openClientSecret(deps.ssoKey, row.teamId, row.clientSecretSealed)),
  );
  configuration.timeout = IDENTITY_PROVIDER_TIMEOUT_SECONDS;
  // The ID token's signature is checked against the configured key set (jwksUrl), not only
  // trusted because it came over TLS from the token endpoint.
  oidc.enableNonRepudiationChecks(configuration);
  // Token and key-set requests go only to public addresses outside development, without redirects.
  configuration[oidc.customFetch] = createOutboundFetch({
    allowPrivateAddresses: allowsInsecureIdentityProvider(deps.config),
    maxResponseBytes: IDENTITY_PROVIDER_MAX_BYTES,
  });
  if (allowsInsecureIdentityProvider(deps.config)) {
    const insecure = [row.issuerUrl, row.tokenUrl, row.jwksUrl].some((url) =>
      url.startsWith("http:"),
    );
    if (insecure) oidc.allowInsecureRequests(configuration);
  }
  return configuration;
}

/**
 * The team a login through SSO is for: the team of the account with this email when it is a
 * member of one (an account outside every team is never signed in by a team's provider); for an
 * email without an account, the team that verified the email's domain. The team must have an
 * enabled configuration.
 */
async function findTeamConfiguration(
  db: Kysely<Database>,
  email: string,
): Promise<SsoRow | undefined> {
  const account = await db
    .selectFrom("appUser")
    .leftJoin("teamMember", "teamMember.userId", "appUser.id")
    .select("teamMember.teamId")
    .where("appUser.email", "=", email)
    .executeTakeFirst();
  const teamId =
    account === undefined ? await teamOfEmailDomain(db, email) : (account.teamId ?? undefined);
  if (teamId === undefined) return undefined;
  const row = await db
    .selectFrom("ssoConfiguration")
    .selectAll()
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  return row?.enabled === true ? row : undefined;
}

/**
 * `/auth/oidc/start`: the authorization URL of the team's identity provider for this email
 * (authorization code flow with PKCE S256, a state and a nonce; the email as `login_hint`).
 * OIDC_NOT_CONFIGURED when no team with enabled single sign-on is found for it. Limited per
 * address like asking for login codes.
 */
export async function startOidcLogin(
  deps: SsoDeps,
  input: { email: string; returnPath?: string | undefined; client: ClientInfo },
): Promise<OidcStartResponse> {
  const at = deps.now();
  if (input.client.ipAddress !== null) {
    await hitRateLimit(
      deps.db,
      `oidc-start:ip:${input.client.ipAddress}`,
      { ...LOGIN_CODES_PER_IP, limit: deps.config.loginCodesPerAddress },
      at,
    );
  }
  const row = await findTeamConfiguration(deps.db, input.email);
  if (row === undefined) throw notConfigured();
  const configuration = clientConfiguration(deps, row);
  const state = randomBytes(32).toString("base64url");
  // Kept by the browser that starts the login (sessionStorage) and presented at the callback:
  // a callback opened in another browser (a link an attacker sends) is refused.
  const browserBinding = randomBytes(32).toString("base64url");
  const { nonce, verifier } = derivedChecks(deps.sessionCredentialKey, state);
  // Attempts past their expiry are of no use: they go as new ones are written.
  await deps.db
    .deleteFrom("oidcLoginAttempt")
    .where("expiresAt", "<", new Date(at - OIDC_LOGIN_TTL_MS))
    .execute();
  await deps.db
    .insertInto("oidcLoginAttempt")
    .values({
      teamId: row.teamId,
      email: input.email,
      stateHash: hashState(state),
      browserBindingHash: hashBinding(browserBinding),
      returnPath: input.returnPath ?? "/",
      createdAt: new Date(at),
      expiresAt: new Date(at + OIDC_LOGIN_TTL_MS),
    })
    .execute();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcCallbackUrl(deps.config),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    login_hint: input.email,
  });
  return { authorizationUrl: url.toString(), browserBinding };
}

/** The claims a login needs from the ID token. */
interface VerifiedIdentity {
  email: string;
  firstname: string | null;
  lastname: string | null;
}

function identityOf(claims: Record<string, unknown> | undefined): VerifiedIdentity {
  const email = claims?.email;
  if (typeof email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    throw invalidPayload();
  }
  // A provider that says the address is not verified is refused; one that says nothing (Microsoft
  // Entra ID) is trusted as the team's own directory.
  if (claims?.email_verified === false || claims?.email_verified === "false") {
    throw invalidPayload();
  }
  const name = (value: unknown) =>
    typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 100) : null;
  return {
    email: email.toLowerCase(),
    firstname: name(claims?.given_name),
    lastname: name(claims?.family_name),
  };
}

/**
 * `/auth/oidc/callback`: finishes a login started by {@link startOidcLogin}. The state must be
 * known, unused and not expired, and is used once (OIDC_TOKEN_VERIFICATION_FAILED otherwise); the
 * code is exchanged with the PKCE verifier and the ID token verified (signature against the
 * configured key set, issuer, audience, nonce, expiry: OIDC_TOKEN_VERIFICATION_FAILED); it must
 * carry an email not marked unverified (OIDC_TOKEN_INVALID_PAYLOAD), the email the login started
 * with (OIDC_EMAIL_MISMATCH). The callback must come with the browser binding `/auth/oidc/start`
 * gave the browser that started the login (OIDC_TOKEN_VERIFICATION_FAILED otherwise: login CSRF).
 * An existing account is opened only when it is a member of the team (OIDC_EMAIL_MISMATCH) whose
 * role the configuration's author's role covers (FORBIDDEN); a new person gets an account only at
 * a domain the team verified (OIDC_EMAIL_MISMATCH), and joins the team with the configuration's
 * role (SEATS_FULL when that role needs a seat and none is free; FORBIDDEN when it holds more than
 * the author's). The session opens marked `oidc`, and never counts as proof of the email.
 */
export async function finishOidcLogin(
  deps: SsoDeps,
  input: { query: string; browserBinding: string; client: ClientInfo },
): Promise<OidcCallbackResponse> {
  const at = deps.now();
  const query = input.query.startsWith("?") ? input.query.slice(1) : input.query;
  const state = new URLSearchParams(query).get("state");
  if (state === null || state === "" || state.length > 512) throw verificationFailed();

  // The attempt is used in its own transaction first: a state works once, even when the
  // exchange then fails.
  const attempt = await deps.db.transaction().execute(async (trx) => {
    const row = await lockLoginAttempt(trx, hashState(state));
    if (row === undefined || row.usedAt !== null || row.expiresAt.getTime() <= at) return undefined;
    const presented = hashBinding(input.browserBinding);
    const stored = Buffer.from(row.browserBindingHash);
    if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) {
      return "other browser" as const;
    }
    await trx
      .updateTable("oidcLoginAttempt")
      .set({ usedAt: new Date(at) })
      .where("id", "=", row.id)
      .execute();
    return row;
  });
  if (attempt === undefined) throw verificationFailed();
  if (attempt === "other browser") throw otherBrowser();

  const row = await deps.db
    .selectFrom("ssoConfiguration")
    .selectAll()
    .where("teamId", "=", attempt.teamId)
    .executeTakeFirst();
  if (row?.enabled !== true) throw notConfigured();

  const { nonce, verifier } = derivedChecks(deps.sessionCredentialKey, state);
  const callbackUrl = new URL(oidcCallbackUrl(deps.config));
  callbackUrl.search = query;
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(clientConfiguration(deps, row), callbackUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    deps.logger.info({ err: error, teamId: row.teamId }, "OIDC login: verification failed");
    throw verificationFailed(error);
  }
  const identity = identityOf(claims);
  if (identity.email !== attempt.email) throw new AppError("OIDC_EMAIL_MISMATCH");

  const login = await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, row.teamId);
    // The author's role now: single sign-on opens nothing above it (none when they are gone).
    const author = await memberRole(trx, row.teamId, row.updatedByUserId);
    if (author === undefined) throw noAuthor();
    const existing = await trx
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", identity.email)
      .executeTakeFirst();
    if (existing === undefined) {
      // Someone new: only at a domain this team proved it controls.
      if (!(await teamOwnsEmailDomain(trx, row.teamId, identity.email))) throw notTheTeams();
    } else {
      await lockUser(trx, existing.id);
      // An existing account is opened only when it is this team's member: an account of another
      // team or of none signs in with its code or passkey.
      const role = await memberRole(trx, row.teamId, existing.id);
      if (role === undefined) throw notTheTeams();
      if (!roleCovers(author, role)) throw aboveAuthor();
    }
    const user = await findOrCreateUser(trx, {
      email: identity.email,
      firstname: identity.firstname,
      lastname: identity.lastname,
    });
    if (!user.created && existing === undefined) {
      // Created by a concurrent sign-in (a code) meanwhile: not this provider's to open.
      throw notTheTeams();
    }
    if (user.created) await joinTeam(trx, deps, row, author, user.id, new Date(at));
    return openSession(trx, deps, user, "oidc", input.client, at, user.created, false);
  });
  return { ...login, returnPath: attempt.returnPath };
}

/** Makes `userId` a member of the configuration's team, in its default workspace. */
async function joinTeam(
  trx: Kysely<Database>,
  deps: SsoDeps,
  row: SsoRow,
  author: StoredRole,
  userId: string,
  at: Date,
): Promise<void> {
  const roleId = row.defaultRoleId ?? (await memberRoleId(trx, row.teamId));
  const role = await trx
    .selectFrom("role")
    .select(["id", "name", "origin", "permissions"])
    .where("id", "=", roleId)
    .executeTakeFirstOrThrow();
  if (!roleCovers(author, role)) throw aboveAuthor();
  if (takesSeat(role)) requireFreeSeat(await teamSeats(trx, deps.config, row.teamId, at));
  const workspace = await trx
    .selectFrom("workspace")
    .select("id")
    .where("teamId", "=", row.teamId)
    .where("isDefault", "=", true)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("teamMember")
    .values({ teamId: row.teamId, userId, roleId, joinedAt: at, updatedAt: at })
    .execute();
  await trx
    .insertInto("workspaceMember")
    .values({ workspaceId: workspace.id, userId, joinedAt: at })
    .execute();
}
