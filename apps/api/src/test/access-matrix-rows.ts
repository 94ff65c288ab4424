/**
 * The access matrix (architecture §7): for every endpoint of the contract, what each caller gets.
 * A new endpoint adds one entry here (its target, its input, its expectations); the suite fails
 * while an endpoint of the contract has none. See "The access matrix" in the api's README.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { endpoints, type AccessLink, type Endpoints } from "@paraphe/api-sdk/contract";
import { linkFromMail, readEveryPage, sentEnvelope, signingClient } from "./envelopes";
import { uniqueEmail } from "./identity";
import { SoftwareAuthenticator } from "./software-authenticator";
import { inviteTokenFromMail, roleIdOf } from "./members";
import { sealClientSecret } from "../sso/client-secret";
import { sealWebhookSecret } from "../webhooks/webhook-secret";
import {
  KEY_CALLERS,
  madeUpLink,
  type CallerName,
  type KeyCallerName,
  type MatrixRow,
  type MatrixCaller,
  type MatrixFixture,
  type Outcome,
  type Target,
} from "./access-matrix";

type TeamCaller = "owner" | "admin" | "member" | "viewer" | "customRole";
type Outsider = "otherTeam" | "outsideWorkspace";

const AUTH = "AUTHENTICATION_ERROR";
const NOT_FOUND = "NOT_FOUND";
const FORBIDDEN = "FORBIDDEN";

/**
 * Team API keys outside the template routes (architecture §7): every other call answers them what
 * it answers a caller without a session.
 */
const keysRefused = Object.fromEntries(KEY_CALLERS.map((key) => [key, AUTH])) as Record<
  KeyCallerName,
  Outcome
>;

/**
 * A member call (session credential): the team's callers and the two outsiders as given; every
 * caller without a session (links, the app credential, nothing, an API key) gets
 * AUTHENTICATION_ERROR. The field-limited role (a Viewer that may also update the team's
 * `members` field, `FIELD_LIMITED_ROLE_RULES`) gets what the Viewer gets unless the row says
 * otherwise: it differs on the member administration rows only. The Member signed in through
 * single sign-on (`ssoMember`) gets what the Member gets: single sign-on changes who may sign in,
 * not what a session may do in its team. An embed token (of another document) is FORBIDDEN: it
 * reaches the editor's calls only ({@link editorCall}).
 */
function memberCall(
  team: Readonly<Record<TeamCaller, Outcome>> & { fieldLimitedRole?: Outcome; ssoMember?: Outcome },
  outsiders: Readonly<Record<Outsider, Outcome>>,
): Record<CallerName, Outcome> {
  return {
    ...team,
    fieldLimitedRole: team.fieldLimitedRole ?? team.viewer,
    // A Member whose session single sign-on opened: what the Member gets, unless the row says.
    ssoMember: team.ssoMember ?? team.member,
    ...outsiders,
    linkOfThisEnvelope: AUTH,
    linkOfAnotherEnvelope: AUTH,
    appCredentialOnly: AUTH,
    noCredential: AUTH,
    ...keysRefused,
    embedToken: FORBIDDEN,
  };
}

/**
 * One of the editor's calls (`memberOrEmbed`, `memberKeyOrEmbed`): the embed token of another
 * document does not find the target, as for a record of another team.
 */
const editorCall = (
  outcomes: Readonly<Record<CallerName, Outcome>>,
): Record<CallerName, Outcome> => ({
  ...outcomes,
  embedToken: NOT_FOUND,
});

/** The keys a template route answers by their permissions (the revoked one is unknown: AUTH). */
type TemplateKey = Exclude<KeyCallerName, "keyRevoked">;

/** A template route: the members as `members` says, each key by its permissions. */
const withKeys = (
  members: Readonly<Record<CallerName, Outcome>>,
  keys: Readonly<Record<TemplateKey, Outcome>>,
): Record<CallerName, Outcome> => ({ ...members, ...keys, keyRevoked: AUTH });

/** Every key of the team alike; the other team's key does not find the target. */
const keysAlike = (
  outcome: Outcome,
  otherTeam: Outcome = NOT_FOUND,
): Record<TemplateKey, Outcome> => ({
  keyRead: outcome,
  keyCreate: outcome,
  keyUpdate: outcome,
  keyDelete: outcome,
  keyManage: outcome,
  keyOtherTeam: otherTeam,
});

/** A template route for keys with `permission` (and manage); the others FORBIDDEN. */
const keysWith = (permission: "create" | "update" | "delete"): Record<TemplateKey, Outcome> => {
  const allowed: Record<typeof permission, TemplateKey> = {
    create: "keyCreate",
    update: "keyUpdate",
    delete: "keyDelete",
  };
  return { ...keysAlike(FORBIDDEN), [allowed[permission]]: "ok", keyManage: "ok" };
};

/** Every signed-in person alike (calls about the caller alone). */
const anySession = (outcome: Outcome) =>
  memberCall(
    { owner: outcome, admin: outcome, member: outcome, viewer: outcome, customRole: outcome },
    { otherTeam: outcome, outsideWorkspace: outcome },
  );

/** Reading a record of the team's default workspace: its members may, nobody else sees it. */
const readRecord = memberCall(
  { owner: "ok", admin: "ok", member: "ok", viewer: "ok", customRole: "ok" },
  { otherTeam: NOT_FOUND, outsideWorkspace: NOT_FOUND },
);

/** Changing an envelope: Owner, Admin and Member; Viewer and the read-only custom role may not. */
const changeEnvelope = memberCall(
  { owner: "ok", admin: "ok", member: "ok", viewer: FORBIDDEN, customRole: FORBIDDEN },
  { otherTeam: NOT_FOUND, outsideWorkspace: NOT_FOUND },
);

/** Listing: the team's members see the target; the outsiders get their own (empty) list. */
const listRecords = memberCall(
  { owner: "ok", admin: "ok", member: "ok", viewer: "ok", customRole: "ok" },
  { otherTeam: "hidden", outsideWorkspace: "hidden" },
);

/**
 * The team's usage: every member of the team reads it, in any workspace; another team's owner
 * gets their own team's, without the target.
 */
const readTeamUsage = memberCall(
  { owner: "ok", admin: "ok", member: "ok", viewer: "ok", customRole: "ok" },
  { otherTeam: "hidden", outsideWorkspace: "ok" },
);

/** A public call any app makes (app-level credential): refused only without a credential. */
const publicCall = (outcome: Outcome): Record<CallerName, Outcome> => ({
  ...anySession(outcome),
  linkOfThisEnvelope: outcome,
  linkOfAnotherEnvelope: outcome,
  appCredentialOnly: outcome,
  noCredential: AUTH,
  // Signed with the token, which no public call takes.
  embedToken: AUTH,
});

/**
 * A call of the signing link: the recipient of this envelope may. A made-up link (the members and
 * the app hold none) is ACCESS_LINK_INVALID; a real link of another envelope, presented for this
 * one, NOT_FOUND (as for an envelope that does not exist: nothing says that this one does).
 */
const linkCall: Record<CallerName, Outcome> = {
  ...publicCall("ACCESS_LINK_INVALID"),
  linkOfThisEnvelope: "ok",
  linkOfAnotherEnvelope: NOT_FOUND,
};

/** The link a caller presents for the target: the real one, another envelope's, or none of theirs. */
function linkFor(target: Target, caller: MatrixCaller): AccessLink {
  if (caller.name === "linkOfThisEnvelope") return target.link;
  if (caller.ownLink !== null) return { ...caller.ownLink, envelopeUuid: target.envelopeUuid };
  return madeUpLink(target.envelopeUuid);
}

const ref = (target: Target) => ({ envelopeUuid: target.envelopeUuid });

const envelopeUuidsIn = (list: unknown, key: string): string[] => {
  if (typeof list !== "object" || list === null || !(key in list)) return [];
  const items = (list as Record<string, unknown>)[key];
  return Array.isArray(items)
    ? items.map((item: { uuid?: unknown; envelopeUuid?: unknown; id?: unknown }) =>
        String(item.uuid ?? item.envelopeUuid ?? item.id),
      )
    : [];
};

/** A second sign-in of the owner (a session the owner may end and nobody else may). */
async function ownerSecondSession(fixture: MatrixFixture): Promise<Target> {
  const second = await fixture.h.login(fixture.owner.email);
  return { ...madeUpTarget(), extra: second.credential.accessKey };
}

/** A passkey of the owner, stored as registration stores it. */
async function ownerPasskey(fixture: MatrixFixture): Promise<Target> {
  const db = fixture.h.database.connection.db;
  const owner = await db
    .selectFrom("appUser")
    .select("id")
    .where("email", "=", fixture.owner.email)
    .executeTakeFirstOrThrow();
  const id = randomBytes(16).toString("base64url");
  await db
    .insertInto("passkey")
    .values({ id, userId: owner.id, publicKey: randomBytes(77), deviceType: "singleDevice" })
    .execute();
  return { ...madeUpTarget(), extra: id };
}

/** A custom role of the owner's team that nobody holds (its uuid in `extra`). */
async function unheldCustomRole(fixture: MatrixFixture): Promise<Target> {
  const role = await fixture.h.database.connection.db
    .insertInto("role")
    .values({
      teamId: fixture.owner.teamUuid,
      name: `Matrix role ${randomUUID()}`,
      origin: "custom",
      permissions: JSON.stringify([{ action: "read", subject: "Envelope" }]),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...madeUpTarget(), extra: role.id };
}

/** The role row of `target.extra`, as the owner's team stores it (or undefined once deleted). */
const roleState = (target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("role")
    .selectAll()
    .where("id", "=", target.extra)
    .executeTakeFirst();

/**
 * Changing the roles of the team: callers allowed `update Team` (Owner, Admin); the other members
 * of the team may not; a role of another team is not found.
 */
const administerRole = memberCall(
  { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
  { otherTeam: NOT_FOUND, outsideWorkspace: FORBIDDEN },
);

/**
 * The owner's team's single sign-on configuration, written as `/sso/save` writes it (its client id
 * in `extra`; a fresh one replaces the last, since a team has one).
 */
async function ownerSsoConfiguration(fixture: MatrixFixture): Promise<Target> {
  const clientId = `matrix-${randomUUID()}`;
  const at = new Date();
  const teamId = fixture.owner.teamUuid;
  const values = {
    clientId,
    clientSecretSealed: sealClientSecret(fixture.h.t.ssoKey, teamId, "matrix secret"),
    issuerUrl: "https://idp.example",
    authorizationUrl: "https://idp.example/authorize",
    tokenUrl: "https://idp.example/token",
    userinfoUrl: "https://idp.example/userinfo",
    revocationUrl: "https://idp.example/revoke",
    jwksUrl: "https://idp.example/jwks",
    enabled: true,
    updatedAt: at,
  };
  await fixture.h.database.connection.db
    .insertInto("ssoConfiguration")
    .values({ ...values, teamId, createdAt: at })
    .onConflict((oc) => oc.column("teamId").doUpdateSet(values))
    .execute();
  return { ...madeUpTarget(), extra: clientId };
}

/**
 * A single sign-on domain of the owner's team, written as `/sso/add-domain` writes it and already
 * verified (so verifying it again asks no DNS server); its uuid in `extra`.
 */
async function ownerSsoDomain(fixture: MatrixFixture): Promise<Target> {
  const row = await fixture.h.database.connection.db
    .insertInto("ssoDomain")
    .values({
      teamId: fixture.owner.teamUuid,
      domain: `matrix-${randomBytes(6).toString("hex")}.example`,
      token: randomBytes(20).toString("hex"),
      verifiedAt: new Date(),
      createdAt: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...madeUpTarget(), extra: row.id };
}

/**
 * No single sign-on domain in the owner's team (each successful cell starts from none, so the last
 * one, another team's, leaves none).
 */
async function noOwnerSsoDomains(fixture: MatrixFixture): Promise<Target> {
  await fixture.h.database.connection.db
    .deleteFrom("ssoDomain")
    .where("teamId", "=", fixture.owner.teamUuid)
    .execute();
  return madeUpTarget();
}

/** The target domain, as a refused call must leave it (undefined once removed). */
const ssoDomainState = (target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("ssoDomain")
    .select(["domain", "token", "verifiedAt"])
    .where("id", "=", target.extra)
    .executeTakeFirst();

/** The owner's team's single sign-on domains, as a refused call must leave them. */
const ssoDomainsState = (_target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("ssoDomain")
    .select(["id", "domain", "verifiedAt"])
    .where("teamId", "=", fixture.owner.teamUuid)
    .orderBy("id")
    .execute();

/**
 * What a refused save or delete must leave of the owner's team's configuration (undefined once
 * deleted): its URLs, state and role, which the fresh targets of the successful cells rewrite to the
 * same values (unlike the client id, secret and dates).
 */
const ssoState = (_target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("ssoConfiguration")
    .select([
      "issuerUrl",
      "authorizationUrl",
      "tokenUrl",
      "userinfoUrl",
      "revocationUrl",
      "jwksUrl",
      "enabled",
      "defaultRoleId",
    ])
    .where("teamId", "=", fixture.owner.teamUuid)
    .executeTakeFirst();

/**
 * Single sign-on of the caller's team: those allowed to update the team (Owner, Admin); the other
 * members of the team may not; another team's owner acts on their own team (`otherTeam`).
 */
const administerSso = (otherTeam: Outcome) =>
  memberCall(
    { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
    { otherTeam, outsideWorkspace: FORBIDDEN },
  );

/** An endpoint of the owner's team, written as `/webhook/create` writes it (its uuid in `extra`). */
async function ownerWebhookEndpoint(fixture: MatrixFixture): Promise<Target> {
  const id = randomUUID();
  const at = new Date();
  await fixture.h.database.connection.db
    .insertInto("webhookEndpoint")
    .values({
      id,
      teamId: fixture.owner.teamUuid,
      url: "https://hooks.example/paraphe",
      events: JSON.stringify(["envelope.sent"]),
      secretSealed: sealWebhookSecret(fixture.h.t.webhookKey, id, "whsec_matrix"),
      secretCreatedAt: at,
      enabled: true,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return { ...madeUpTarget(), extra: id };
}

/** A failed delivery of an endpoint of the owner's team (its uuid in `extra`). */
async function ownerWebhookDelivery(fixture: MatrixFixture): Promise<Target> {
  const endpoint = await ownerWebhookEndpoint(fixture);
  const at = new Date();
  const row = await fixture.h.database.connection.db
    .insertInto("webhookDelivery")
    .values({
      endpointId: endpoint.extra,
      eventId: randomUUID(),
      eventType: "envelope.sent",
      payload: "{}",
      status: "failed",
      attempts: 6,
      lastError: "HTTP 500",
      createdAt: at,
      updatedAt: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...madeUpTarget(), extra: row.id };
}

/** The owner's team's endpoints, none left (so that creations stay under the team's limit). */
async function noOwnerWebhooks(fixture: MatrixFixture): Promise<Target> {
  await fixture.h.database.connection.db
    .deleteFrom("webhookEndpoint")
    .where("teamId", "=", fixture.owner.teamUuid)
    .execute();
  return madeUpTarget();
}

/** What a refused call must leave of an endpoint (undefined once deleted). */
const webhookState = (target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("webhookEndpoint")
    .select(["url", "events", "enabled", "secretSealed"])
    .where("id", "=", target.extra)
    .executeTakeFirst();

/**
 * Webhooks of the caller's team: those allowed to update the team (Owner, Admin); the other
 * members may not; another team's owner acts on their own team, where the target does not exist.
 */
const administerWebhooks = (otherTeam: Outcome) =>
  memberCall(
    { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
    { otherTeam, outsideWorkspace: FORBIDDEN },
  );

/**
 * The team's branding: those allowed to update the team (Owner, Admin); the other members of the
 * team may not; another team's owner acts on their own team's (`otherTeam`).
 */
const administerBranding = (otherTeam: Outcome) =>
  memberCall(
    { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
    { otherTeam, outsideWorkspace: FORBIDDEN },
  );

/** The owner's team's branding, with a display name of its own (the target's `extra`). */
async function ownerBranding(fixture: MatrixFixture): Promise<Target> {
  const displayName = `Brand ${randomUUID()}`;
  // The same colour and logo key each time (no blob behind it): what refusals must leave.
  const values = {
    displayName,
    color: "#123456",
    showPoweredBy: true,
    logoKey: "0".repeat(32),
    logoContentType: "image/png",
  };
  await fixture.h.database.connection.db
    .insertInto("teamBranding")
    .values({ teamId: fixture.owner.teamUuid, ...values })
    .onConflict((oc) => oc.column("teamId").doUpdateSet(values))
    .execute();
  return { ...madeUpTarget(), extra: displayName };
}

/**
 * What a refused branding call must leave of the owner's team's branding: all but the display
 * name, which each fresh target of the successful cells makes anew.
 */
const brandingState = (_target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("teamBranding")
    .select(["color", "footer", "websiteUrl", "privacyUrl", "logoKey"])
    .where("teamId", "=", fixture.owner.teamUuid)
    .executeTakeFirst();

/** The owner's team's own invitation text in English, with a subject of its own (`extra`). */
async function ownerMailText(fixture: MatrixFixture): Promise<Target> {
  const subject = `Text ${randomUUID()}`;
  const values = { subject, body: "Sign here: {{link}}" };
  await fixture.h.database.connection.db
    .insertInto("teamMailText")
    .values({ teamId: fixture.owner.teamUuid, kind: "invitation", language: "en", ...values })
    .onConflict((oc) => oc.columns(["teamId", "kind", "language"]).doUpdateSet(values))
    .execute();
  return { ...madeUpTarget(), extra: subject };
}

/**
 * What a refused editable-message call must leave: the owner's team's texts, all but the subject,
 * which each fresh target of the successful cells makes anew.
 */
const mailTextState = (_target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("teamMailText")
    .select(["kind", "language", "body"])
    .where("teamId", "=", fixture.owner.teamUuid)
    .orderBy("kind")
    .orderBy("language")
    .execute();

/** A PNG's signature and header (16 x 16): what the logo upload checks. */
const LOGO_PNG = (() => {
  const bytes = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "ascii");
  bytes.writeUInt32BE(16, 16);
  bytes.writeUInt32BE(16, 20);
  return bytes.toString("base64");
})();

/**
 * The team's retention policy: its Owners only (it deletes documents); another team's owner acts
 * on their own team's (`otherTeam`).
 */
const administerRetention = (otherTeam: Outcome) =>
  memberCall(
    { owner: "ok", admin: FORBIDDEN, member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
    { otherTeam, outsideWorkspace: FORBIDDEN },
  );

/** The owner's team's retention policy, with a number of days of its own (the target's `extra`). */
async function ownerRetention(fixture: MatrixFixture): Promise<Target> {
  const days = 100 + Math.floor(Math.random() * 3000);
  const values = { days, scope: "documents" as const };
  await fixture.h.database.connection.db
    .insertInto("teamRetention")
    .values({ teamId: fixture.owner.teamUuid, ...values })
    .onConflict((oc) => oc.column("teamId").doUpdateSet(values))
    .execute();
  return { ...madeUpTarget(), extra: `"days":${days}` };
}

/**
 * What a refused retention call must leave of the owner's team's policy: its scope (each fresh
 * target of the successful cells sets its days anew).
 */
const retentionState = (_target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("teamRetention")
    .select(["scope"])
    .where("teamId", "=", fixture.owner.teamUuid)
    .executeTakeFirst();

/**
 * The team's mail sender: those allowed to update the team (Owner, Admin); another team's owner
 * acts on their own team's (`otherTeam`).
 */
const administerMailSender = (otherTeam: Outcome) =>
  memberCall(
    { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
    { otherTeam, outsideWorkspace: FORBIDDEN },
  );

/**
 * The owner's team's own SMTP server, with a user of its own (the target's `extra`): on a port
 * of this machine where nothing listens, so a test message fails at once.
 */
async function ownerMailSender(fixture: MatrixFixture): Promise<Target> {
  const user = `smtp-${randomUUID()}`;
  const values = {
    mode: "smtp" as const,
    host: "127.0.0.1",
    port: 9,
    tls: "none" as const,
    username: user,
    passwordSealed: null,
    fromAddress: "mail@owner.example",
    verifiedAt: null,
  };
  await fixture.h.database.connection.db
    .insertInto("teamMailSender")
    .values({ teamId: fixture.owner.teamUuid, ...values })
    .onConflict((oc) => oc.column("teamId").doUpdateSet(values))
    .execute();
  return { ...madeUpTarget(), extra: user };
}

/**
 * What a refused mail sender call must leave of the owner's team's: its server and whether it is
 * verified (not its last error, which each successful test of a fresh target sets anew).
 */
const mailSenderState = (_target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("teamMailSender")
    .select(["mode", "host", "port", "fromAddress", "verifiedAt"])
    .where("teamId", "=", fixture.owner.teamUuid)
    .executeTakeFirst();

/**
 * The origins that may frame the team's signing pages: those allowed to update the team (Owner,
 * Admin); another team's owner acts on their own team's (`otherTeam`).
 */
const administerEmbedding = (otherTeam: Outcome) =>
  memberCall(
    { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
    { otherTeam, outsideWorkspace: FORBIDDEN },
  );

/** The owner's team's allowed origins, with one of its own (the target's `extra`). */
async function ownerEmbedding(fixture: MatrixFixture): Promise<Target> {
  const origin = `https://${randomUUID()}.example`;
  const origins = ["https://kept.example", origin];
  await fixture.h.database.connection.db
    .insertInto("teamEmbedding")
    .values({ teamId: fixture.owner.teamUuid, origins })
    .onConflict((oc) => oc.column("teamId").doUpdateSet({ origins }))
    .execute();
  return { ...madeUpTarget(), extra: origin };
}

/** What a refused embedding call must leave of the owner's team's list: its first origin. */
const embeddingState = (_target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("teamEmbedding")
    .select((eb) => eb.ref("origins").as("origins"))
    .where("teamId", "=", fixture.owner.teamUuid)
    .executeTakeFirst()
    .then((row) => row?.origins[0]);

/** A ready data export of the owner (`extra`: its uuid), with its JSON file. */
async function ownerDataExport(fixture: MatrixFixture): Promise<Target> {
  const db = fixture.h.database.connection.db;
  const user = await db
    .selectFrom("appUser")
    .select("id")
    .where("email", "=", fixture.owner.email)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto("dataExport")
    .values({ userId: user.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const blobKey = `exports/${row.id}/data.json`;
  await fixture.h.t.blobStore.put(blobKey, new TextEncoder().encode("{}"), {
    contentType: "application/json",
  });
  await db
    .updateTable("dataExport")
    .set({
      status: "ready",
      blobKey,
      readyAt: new Date(),
      expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
    })
    .where("id", "=", row.id)
    .execute();
  return { ...madeUpTarget(), extra: row.id };
}

/** What a refused team deletion must leave: the owner's team, not marked deleted, with its members. */
const teamDeletionState = async (_target: Target, fixture: MatrixFixture) => {
  const db = fixture.h.database.connection.db;
  return {
    team: await db
      .selectFrom("team")
      .select(["name", "deletionRequestedAt"])
      .where("id", "=", fixture.owner.teamUuid)
      .executeTakeFirst(),
    members: await db
      .selectFrom("teamMember")
      .select("userId")
      .where("teamId", "=", fixture.owner.teamUuid)
      .orderBy("userId")
      .execute(),
  };
};

/** A target for rows that need no envelope. */
function madeUpTarget(): Target {
  const envelopeUuid = randomUUID();
  return {
    envelopeUuid,
    documentUuid: randomUUID(),
    link: madeUpLink(envelopeUuid),
    extra: "",
  };
}

/** A login code mailed to a new address (`email code`): single use. */
async function mailedCode(fixture: MatrixFixture): Promise<Target> {
  const email = uniqueEmail("newcomer");
  await fixture.h.client().authentication.requestCode({ email });
  return { ...madeUpTarget(), extra: `${email} ${await fixture.h.lastCode(email)}` };
}

/**
 * A sent envelope whose signer must confirm their address by a mailed code before signing; with
 * `mailed`, a code was mailed (in `extra`).
 */
function verifying(mailed: boolean) {
  return async (fixture: MatrixFixture): Promise<Target> => {
    const email = uniqueEmail("verified");
    const target = await fixture.sent(email);
    await fixture.h.database.connection.db
      .updateTable("recipient")
      .set({ verification: "email_code" })
      .where("envelopeId", "=", target.envelopeUuid)
      .execute();
    if (!mailed) return target;
    await signingClient(fixture.h).envelope.sendVerificationCode(target.link);
    return { ...target, extra: await fixture.h.lastCode(email) };
  };
}

/**
 * A sent envelope whose signer must sign in to the Paraphe account of their email: the account
 * exists, with a passkey registered by a code sign-in; with `answered`, the signing page asked for
 * passkey options and the passkey answered them from the signing app's origin (`extra`: the
 * challenge's id and the answer, as JSON).
 */
function accountChecking(answered: boolean) {
  return async (fixture: MatrixFixture): Promise<Target> => {
    const email = uniqueEmail("account-check");
    const person = await fixture.h.login(email);
    const web = new URL(fixture.h.t.config.webUrl);
    const authenticator = new SoftwareAuthenticator(web.hostname, web.origin);
    const { options } = await person.api.passkey.registrationOptions({});
    await person.api.passkey.register({ response: authenticator.register(options) });
    const target = await fixture.sent(email);
    await fixture.h.database.connection.db
      .updateTable("recipient")
      .set({ verification: "account" })
      .where("envelopeId", "=", target.envelopeUuid)
      .execute();
    if (!answered) return target;
    const asked = await signingClient(fixture.h).envelope.signerPasskeyOptions(target.link);
    const response = authenticator.authenticate(asked.options, {
      origin: new URL(fixture.h.t.config.signUrl).origin,
    });
    return { ...target, extra: JSON.stringify({ challengeId: asked.challengeId, response }) };
  };
}

/** A sent envelope whose recipient has read every page (so that they may sign). */
/** A sent envelope whose first page was served to its recipient (so that the page may be read). */
async function sentAndServed(fixture: MatrixFixture): Promise<Target> {
  const target = await fixture.sent();
  await signingClient(fixture.h).envelope.downloadSignerDocument({
    ...target.link,
    documentUuid: target.documentUuid,
    page: 0,
  });
  return target;
}

async function sentAndRead(fixture: MatrixFixture): Promise<Target> {
  const target = await fixture.sent();
  await readEveryPage(signingClient(fixture.h), target.link);
  return target;
}

/**
 * An envelope sent to an approver and a signer, being approved: the approver's link is the
 * `linkOfThisEnvelope` caller's; with `read`, the approver has read every page (so may approve).
 */
function approving(read: boolean) {
  return async (fixture: MatrixFixture): Promise<Target> => {
    const approver = uniqueEmail("approver");
    const envelope = await sentEnvelope(fixture.owner, [uniqueEmail("signer")], {
      approvers: [approver],
    });
    const target = {
      envelopeUuid: envelope.uuid,
      documentUuid: envelope.documents[0]?.uuid ?? "",
      link: await linkFromMail(fixture.h, approver, envelope.uuid),
      extra: envelope.recipients[0]?.uuid ?? "",
    };
    if (read) await readEveryPage(signingClient(fixture.h), target.link);
    return target;
  };
}

/**
 * An envelope sent to a signer and a viewer, being signed: the viewer's link is the
 * `linkOfThisEnvelope` caller's, and the viewer has read every page (so may mark it read).
 */
async function viewing(fixture: MatrixFixture): Promise<Target> {
  const viewer = uniqueEmail("viewer");
  const envelope = await sentEnvelope(fixture.owner, [uniqueEmail("signer")], {
    viewers: [viewer],
  });
  const target = {
    envelopeUuid: envelope.uuid,
    documentUuid: envelope.documents[0]?.uuid ?? "",
    link: await linkFromMail(fixture.h, viewer, envelope.uuid),
    extra: "",
  };
  await readEveryPage(signingClient(fixture.h), target.link);
  return target;
}

/** A sent envelope whose signer may delegate their turn (the `linkOfThisEnvelope` caller's link). */
async function delegating(fixture: MatrixFixture): Promise<Target> {
  const signer = uniqueEmail("delegating");
  const envelope = await sentEnvelope(fixture.owner, [signer], { allowDelegation: true });
  return {
    envelopeUuid: envelope.uuid,
    documentUuid: envelope.documents[0]?.uuid ?? "",
    link: await linkFromMail(fixture.h, signer, envelope.uuid),
    extra: "",
  };
}

/**
 * A sent envelope whose signer (the `linkOfThisEnvelope` caller) has an attachment field
 * (`extra`: its uuid); with `upload`, the signer attached a PNG (`extra`: the file's uuid); with
 * `sign`, they then signed, so that the sender sees the file.
 */
function attaching(stage: "field" | "upload" | "sign") {
  return async (fixture: MatrixFixture): Promise<Target> => {
    const signer = uniqueEmail("attaching");
    const { owner } = fixture;
    const draft = await owner.api.envelope.upload({
      files: [{ filename: "Attachments.pdf", data: fixture.files.pdf }],
    });
    const saved = await owner.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email: signer, firstname: "Ana", lastname: "Attaching" }],
    });
    const documentUuid = draft.documents[0]?.uuid ?? "";
    const recipientUuid = saved.recipients[0]?.uuid ?? "";
    const fieldUuid: string = randomUUID();
    const place = { documentUuid, recipientUuid, page: 0, x: 0.1, width: 0.4, height: 0.1 };
    await owner.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        { ...place, y: 0.1, kind: "signature" },
        { ...place, uuid: fieldUuid, y: 0.3, kind: "attachment", required: false },
      ],
    });
    await owner.api.envelope.send({ envelopeUuid: draft.uuid });
    const link = await linkFromMail(fixture.h, signer, draft.uuid);
    const target = { envelopeUuid: draft.uuid, documentUuid, link, extra: fieldUuid };
    if (stage === "field") return target;
    const client = signingClient(fixture.h);
    const uploaded = await client.envelope.uploadAttachment({
      ...link,
      fieldUuid,
      filename: "scan.png",
      data: fixture.files.png,
    });
    target.extra = uploaded.attachments[0]?.uuid ?? "";
    if (stage === "sign") {
      await readEveryPage(client, link);
      await client.envelope.sign({
        ...link,
        signature: { kind: "drawn", image: fixture.files.png },
        values: {},
      });
    }
    return target;
  };
}

/** A sent envelope whose sealing gave up (as the seal job leaves it). */
async function sealFailed(fixture: MatrixFixture): Promise<Target> {
  const target = await fixture.sent();
  await fixture.h.database.connection.db
    .updateTable("envelope")
    .set({ sealFailedAt: new Date(fixture.h.now()), sealError: "The timestamp authority failed." })
    .where("id", "=", target.envelopeUuid)
    .execute();
  return target;
}

/**
 * A new workspace of the owner's team whose members are those of the default workspace: every
 * team caller but the member outside the workspace (`extra`: its uuid).
 */
async function teamWorkspace(fixture: MatrixFixture): Promise<Target> {
  const db = fixture.h.database.connection.db;
  const workspace = await db
    .insertInto("workspace")
    .values({
      teamId: fixture.owner.teamUuid,
      name: `Matrix workspace ${randomBytes(3).toString("hex")}`,
      color: "#2563eb",
      isDefault: false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const members = await db
    .selectFrom("workspaceMember")
    .select("userId")
    .where("workspaceId", "=", fixture.owner.defaultWorkspaceUuid)
    .execute();
  await db
    .insertInto("workspaceMember")
    .values(members.map((row) => ({ workspaceId: workspace.id, userId: row.userId })))
    .execute();
  return { ...madeUpTarget(), extra: workspace.id };
}

/** The workspace row and its members, as the refusals must leave them. */
async function workspaceRowState(target: Target, fixture: MatrixFixture) {
  const db = fixture.h.database.connection.db;
  return {
    workspace: await db
      .selectFrom("workspace")
      .selectAll()
      .where("id", "=", target.extra)
      .executeTakeFirst(),
    members: await db
      .selectFrom("workspaceMember")
      .select("userId")
      .where("workspaceId", "=", target.extra)
      .orderBy("userId")
      .execute(),
  };
}

/** {@link workspaceRowState}, and which workspace is the team's default. */
async function workspaceState(target: Target, fixture: MatrixFixture): Promise<unknown> {
  return {
    ...(await workspaceRowState(target, fixture)),
    defaultWorkspace: await fixture.h.database.connection.db
      .selectFrom("workspace")
      .select("id")
      .where("teamId", "=", fixture.owner.teamUuid)
      .where("isDefault", "=", true)
      .executeTakeFirst(),
  };
}

/** The user uuid of the team member with this email. */
async function userUuidOf(fixture: MatrixFixture, email: string): Promise<string> {
  const row = await fixture.h.database.connection.db
    .selectFrom("appUser")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A member of the owner's team outside the target workspace (the one outside the workspace). */
async function teammateOutside(fixture: MatrixFixture, workspaceId: string): Promise<string> {
  const row = await fixture.h.database.connection.db
    .selectFrom("teamMember")
    .select("teamMember.userId")
    .where("teamMember.teamId", "=", fixture.owner.teamUuid)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("workspaceMember")
            .select("workspaceMember.userId")
            .whereRef("workspaceMember.userId", "=", "teamMember.userId")
            .where("workspaceMember.workspaceId", "=", workspaceId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return row.userId;
}

/** A tag of the owner's team (`extra`: its uuid). */
async function teamTag(fixture: MatrixFixture): Promise<Target> {
  const tag = await fixture.h.database.connection.db
    .insertInto("tag")
    .values({
      teamId: fixture.owner.teamUuid,
      name: `Matrix tag ${randomBytes(4).toString("hex")}`,
      color: "#059669",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...madeUpTarget(), extra: tag.id };
}

/** The tag row, as the refusals must leave it. */
const tagState = (target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("tag")
    .selectAll()
    .where("id", "=", target.extra)
    .executeTakeFirst();

/** A draft of the owner's default workspace and a tag of the team (`extra`: its uuid). */
async function draftAndTag(fixture: MatrixFixture): Promise<Target> {
  const draft = await fixture.draft();
  return { ...draft, extra: (await teamTag(fixture)).extra };
}

/** The owner's conversation with support, with one message of theirs (`extra`: the conversation). */
async function ownerSupportConversation(fixture: MatrixFixture): Promise<Target> {
  const db = fixture.h.database.connection.db;
  const owner = await db
    .selectFrom("appUser")
    .select("id")
    .where("email", "=", fixture.owner.email)
    .executeTakeFirstOrThrow();
  const conversation = await db
    .insertInto("supportConversation")
    .values({ teamId: fixture.owner.teamUuid, userId: owner.id })
    .onConflict((oc) =>
      oc
        .constraint("support_conversation_member_unique")
        .doUpdateSet({ teamId: fixture.owner.teamUuid }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  const message = await db
    .insertInto("supportMessage")
    .values({
      conversationId: conversation.id,
      authorKind: "member",
      authorUserId: owner.id,
      body: `Matrix question ${randomBytes(4).toString("hex")}`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...madeUpTarget(), documentUuid: message.id, extra: conversation.id };
}

/**
 * A usage event of the owner's team: a `seat_added` (a type no call writes, so a list of that type
 * finds it on its first page) at a random instant of 2001, kept in `extra` for the series' range.
 */
async function ownerUsageEvent(fixture: MatrixFixture): Promise<Target> {
  const db = fixture.h.database.connection.db;
  const at = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 364) * 86_400_000);
  const event = await db
    .insertInto("usageEvent")
    .values({
      teamId: fixture.owner.teamUuid,
      at,
      type: "seat_added",
      details: JSON.stringify({ seats: 1 }),
      userId: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("usageEvent")
    .values({
      teamId: fixture.owner.teamUuid,
      at,
      type: "api_credit",
      details: JSON.stringify({ path: "/template/list" }),
      userId: null,
    })
    .execute();
  return { ...madeUpTarget(), documentUuid: event.id, extra: at.toISOString() };
}

/** The conversation's messages and read marks, as the refusals must leave them. */
const supportState = async (target: Target, fixture: MatrixFixture) => {
  const db = fixture.h.database.connection.db;
  return {
    conversation: await db
      .selectFrom("supportConversation")
      .selectAll()
      .where("id", "=", target.extra)
      .executeTakeFirst(),
    messages: await db
      .selectFrom("supportMessage")
      .select(["id", "body"])
      .where("conversationId", "=", target.extra)
      .orderBy("seq")
      .execute(),
  };
};

/**
 * The support operators' calls: none of the matrix's callers is named in SUPPORT_OPERATORS, so
 * every signed-in person is refused (FORBIDDEN) before anything is looked up; the support tests
 * prove what an operator gets.
 */
const operatorCall = anySession(FORBIDDEN);

/**
 * Administering workspaces (create, update, delete, members): Owner and Admin; Member, Viewer and
 * the custom role read workspaces only; a workspace the caller is no member of is NOT_FOUND.
 */
const manageWorkspace = memberCall(
  { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
  { otherTeam: NOT_FOUND, outsideWorkspace: NOT_FOUND },
);

/**
 * Administering the team's tags (`update Team`): Owner and Admin. Tags belong to the team, not to
 * a workspace: the member outside the workspace is refused by their role (FORBIDDEN), another
 * team's owner does not find the tag.
 */
const manageTag = memberCall(
  { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
  { otherTeam: NOT_FOUND, outsideWorkspace: FORBIDDEN },
);

/**
 * Administering the team's members: Owner and Admin; the other roles may not; the other team's
 * owner (who administers their own team) does not find this team's records. The field-limited
 * role (the team's `members` field) invites with the Viewer role and handles invitations, but
 * changes or removes no Member: it does not hold the Member role's rights.
 */
const administerTeam = memberCall(
  { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
  { otherTeam: NOT_FOUND, outsideWorkspace: FORBIDDEN },
);

/** Inviting with the Viewer role, resending and revoking: the field-limited role may too. */
const administerInvitations = { ...administerTeam, fieldLimitedRole: "ok" } as const;

/**
 * Listing the team's members or invitations: every role of the team reads the team (the member
 * outside the default workspace too: members are the team's, not a workspace's); the other
 * team's owner gets their own list.
 */
const listTeam = memberCall(
  { owner: "ok", admin: "ok", member: "ok", viewer: "ok", customRole: "ok" },
  { otherTeam: "hidden", outsideWorkspace: "ok" },
);

/** A pending Viewer invitation of the owner's team (`extra`: `<invitation uuid> <token>`). */
async function pendingInvitation(fixture: MatrixFixture): Promise<Target> {
  const email = uniqueEmail("invitee");
  const { invitation } = await fixture.owner.api.team.invite({
    email,
    roleUuid: await roleIdOf(fixture.h, fixture.owner.teamUuid, "Viewer"),
  });
  const token = await inviteTokenFromMail(fixture.h, email);
  return { ...madeUpTarget(), extra: `${invitation.uuid} ${token}` };
}

/** A pending invitation whose invitee has signed up already (so that it can be accepted). */
async function acceptableInvitation(fixture: MatrixFixture): Promise<Target> {
  const target = await pendingInvitation(fixture);
  const invitation = await fixture.h.database.connection.db
    .selectFrom("teamInvitation")
    .select("email")
    .where("id", "=", target.extra.split(" ")[0] ?? "")
    .executeTakeFirstOrThrow();
  await fixture.h.login(invitation.email);
  return target;
}

/** An invitation of the owner's team addressed to the owner (who is already a member). */
async function invitationToOwner(fixture: MatrixFixture): Promise<Target> {
  const at = new Date(fixture.h.now());
  const db = fixture.h.database.connection.db;
  // One pending invitation per address and team: a fresh one for each target.
  await db
    .deleteFrom("teamInvitation")
    .where("teamId", "=", fixture.owner.teamUuid)
    .where("email", "=", fixture.owner.email)
    .execute();
  const row = await db
    .insertInto("teamInvitation")
    .values({
      teamId: fixture.owner.teamUuid,
      email: fixture.owner.email,
      firstname: null,
      lastname: null,
      roleId: await roleIdOf(fixture.h, fixture.owner.teamUuid, "Viewer"),
      invitedBy: null,
      language: "en",
      tokenHash: randomBytes(32),
      sentAt: at,
      lastSentAt: at,
      expiresAt: new Date(at.getTime() + 24 * 3600 * 1000),
      updatedAt: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...madeUpTarget(), extra: row.id };
}

/**
 * A new member of the owner's team with the Member role (`extra`: `<their user id> <the Viewer
 * role's id>`).
 */
async function teamMemberTarget(fixture: MatrixFixture): Promise<Target> {
  const db = fixture.h.database.connection.db;
  const person = await fixture.h.login(uniqueEmail("teammate"));
  const user = await db
    .selectFrom("appUser")
    .select("id")
    .where("email", "=", person.email)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("teamMember")
    .values({
      teamId: fixture.owner.teamUuid,
      userId: user.id,
      roleId: await roleIdOf(fixture.h, fixture.owner.teamUuid, "Member"),
    })
    .execute();
  const viewer = await roleIdOf(fixture.h, fixture.owner.teamUuid, "Viewer");
  return { ...madeUpTarget(), extra: `${user.id} ${viewer}` };
}

const invitationRow = (target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("teamInvitation")
    .selectAll()
    .where("id", "=", target.extra.split(" ")[0] ?? "")
    .executeTakeFirst();

const membershipOf = (target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("teamMember")
    .innerJoin("appUser", "appUser.id", "teamMember.userId")
    .select(["teamMember.roleId", "appUser.firstname", "appUser.lastname"])
    .where("teamMember.userId", "=", target.extra.split(" ")[0] ?? "")
    .executeTakeFirst();

/** A contact of the team's default workspace (`extra`: `<uuid> <email>`). */
async function ownerContact(fixture: MatrixFixture): Promise<Target> {
  const email = uniqueEmail("contact");
  const row = await fixture.h.database.connection.db
    .insertInto("contact")
    .values({
      workspaceId: fixture.owner.defaultWorkspaceUuid,
      email,
      firstname: "Connie",
      lastname: "Tact",
      phone: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...madeUpTarget(), extra: `${row.id} ${email}` };
}

const contactUuidOf = (target: Target): string => target.extra.split(" ")[0] ?? "";
const contactEmailOf = (target: Target): string => target.extra.split(" ")[1] ?? "";

/** The target contact as stored (undefined once deleted): what refusals must leave as it was. */
const contactState = (target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("contact")
    .selectAll()
    .where("id", "=", contactUuidOf(target))
    .executeTakeFirst();

/** Changing a contact: every role that manages contacts; the Viewer may not. */
const changeContact = memberCall(
  { owner: "ok", admin: "ok", member: "ok", viewer: FORBIDDEN, customRole: "ok" },
  { otherTeam: NOT_FOUND, outsideWorkspace: NOT_FOUND },
);

/**
 * A template of the owner's default workspace with one role and its signature field, `status`
 * (active by default; `draft`: complete but not activated; `archived`). `extra`: its role's uuid.
 */
async function ownerTemplate(
  fixture: MatrixFixture,
  status: "draft" | "active" | "archived" = "active",
): Promise<Target> {
  const api = fixture.owner.api;
  const created = await api.template.create({
    files: [{ filename: "Template.pdf", data: fixture.files.pdf }],
  });
  const withRole = await api.template.saveRecipients({
    templateUuid: created.uuid,
    roles: [{ label: "Signer" }],
  });
  const documentUuid = created.documents[0]?.uuid ?? "";
  const roleUuid = withRole.roles[0]?.uuid ?? "";
  await api.template.saveFields({
    templateUuid: created.uuid,
    fields: [
      {
        documentUuid,
        recipientUuid: roleUuid,
        page: 0,
        x: 0.1,
        y: 0.6,
        width: 0.4,
        height: 0.1,
        kind: "signature",
      },
    ],
  });
  if (status !== "draft") await api.template.activate({ templateUuid: created.uuid });
  if (status === "archived") await api.template.archive({ templateUuid: created.uuid });
  return {
    envelopeUuid: created.uuid,
    documentUuid,
    link: madeUpLink(created.uuid),
    extra: roleUuid,
  };
}

/** A bulk send of the owner from an active template (one row); `extra`: the bulk send's uuid. */
async function ownerBulkSend(fixture: MatrixFixture): Promise<Target> {
  const template = await ownerTemplate(fixture);
  const started = await fixture.owner.api.template.bulkSend({
    templateUuid: template.envelopeUuid,
    rows: [bulkSendRow()],
  });
  return { ...template, extra: started.uuid };
}

/** One row of a bulk send for the matrix's templates (one role, "Signer"). */
const bulkSendRow = () => ({
  recipients: [{ role: "Signer", email: uniqueEmail("bulk"), firstname: "Bulk", lastname: "Row" }],
});

/** The target template as its owner sees it (null once deleted): what refusals must leave as it was. */
async function templateState(target: Target, fixture: MatrixFixture): Promise<unknown> {
  const answer = await fixture.callers.owner.call(endpoints.template.get, {
    templateUuid: target.envelopeUuid,
  });
  return answer.ok ? answer.body : null;
}

/** An active template and a tag of the team (`extra`: the tag's uuid). */
async function templateAndTag(fixture: MatrixFixture): Promise<Target> {
  const template = await ownerTemplate(fixture);
  return { ...template, extra: (await teamTag(fixture)).extra };
}

const templateRef = (target: Target) => ({ templateUuid: target.envelopeUuid });

/** An active template with its direct link on (`extra`: the link's token). */
async function templateWithDirectLink(fixture: MatrixFixture): Promise<Target> {
  const template = await ownerTemplate(fixture);
  const saved = await fixture.owner.api.template.saveDirectLink({
    templateUuid: template.envelopeUuid,
    roleUuid: template.extra,
  });
  return { ...template, extra: saved.token ?? "" };
}

/** The owner's view of the template's direct link. */
async function directLinkState(target: Target, fixture: MatrixFixture): Promise<unknown> {
  const answer = await fixture.callers.owner.call(endpoints.template.getDirectLink, {
    templateUuid: target.envelopeUuid,
  });
  return answer.ok ? answer.body : null;
}

let visitorAddresses = 0;

/**
 * A direct link whose visitor asked for a code (`extra`: the token, the visitor's address and the
 * code, separated by spaces).
 */
async function directLinkVisitor(fixture: MatrixFixture): Promise<Target> {
  const target = await templateWithDirectLink(fixture);
  const email = uniqueEmail("visitor");
  // From an address of its own: the codes a client address may ask for are limited.
  await signingClient(fixture.h, `192.0.2.${(visitorAddresses++ % 250) + 1}`).directLink.sendCode({
    token: target.extra,
    firstname: "Vic",
    lastname: "Visitor",
    email,
  });
  return { ...target, extra: `${target.extra} ${email} ${await fixture.h.lastCode(email)}` };
}

/**
 * Changing a template: every role that manages templates (the custom role's inverted rule is on
 * envelopes only); the Viewer may not; outsiders do not find it.
 */
const changeTemplate = memberCall(
  { owner: "ok", admin: "ok", member: "ok", viewer: FORBIDDEN, customRole: "ok" },
  { otherTeam: NOT_FOUND, outsideWorkspace: NOT_FOUND },
);

/** An envelope the `keyManage` key created and sent from an active template of the owner. */
async function envelopeOfKey(fixture: MatrixFixture): Promise<Target> {
  const template = await ownerTemplate(fixture);
  const recipient = uniqueEmail("from-key");
  const answer = await fixture.callers.keyManage.call(endpoints.template.createEnvelope, {
    ...templateRef(template),
    recipients: [
      { roleUuid: template.extra, email: recipient, firstname: "Kay", lastname: "Sent" },
    ],
    send: true,
  });
  if (!answer.ok) throw new Error(`the key could not create an envelope: ${answer.code}`);
  const envelope = answer.body as { uuid: string; documents: { uuid: string }[] };
  return {
    envelopeUuid: envelope.uuid,
    documentUuid: envelope.documents[0]?.uuid ?? "",
    link: await linkFromMail(fixture.h, recipient, envelope.uuid),
    extra: "",
  };
}

/** A key of the owner's team (`extra`: its uuid), for the rows of `/api-key/*`. */
async function ownerApiKey(fixture: MatrixFixture): Promise<Target> {
  const created = await fixture.owner.api.apiKey.create({
    description: `Matrix target ${randomUUID().slice(0, 8)}`,
    permissions: ["read"],
  });
  return { ...madeUpTarget(), extra: created.apiKey.uuid };
}

/** The target key's row: what a refused revocation must leave as it was. */
const apiKeyState = (target: Target, fixture: MatrixFixture) =>
  fixture.h.database.connection.db
    .selectFrom("apiKey")
    .select(["status", "revokedAt", "updatedAt"])
    .where("id", "=", target.extra)
    .executeTakeFirst();

/**
 * Administering the team's API keys: roles that manage `API` (Owner, Admin); the other roles
 * FORBIDDEN; the other team's owner acts on their own team (`otherTeam`).
 */
const administerApiKeys = (otherTeam: Outcome) =>
  memberCall(
    { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
    { otherTeam, outsideWorkspace: FORBIDDEN },
  );

/** Every endpoint of the contract, by group and name as in `endpoints`. */
export const accessMatrix: {
  readonly [Group in keyof Endpoints]?: { readonly [Name in keyof Endpoints[Group]]?: MatrixRow };
} = {
  authentication: {
    requestCode: {
      input: () => ({ email: uniqueEmail("visitor") }),
      expect: publicCall("ok"),
    },
    verifyCode: {
      target: mailedCode,
      mutates: true,
      // A refused verification signs nobody up.
      state: (target, fixture) =>
        fixture.h.database.connection.db
          .selectFrom("appUser")
          .select("id")
          .where("email", "=", target.extra.split(" ")[0] ?? "")
          .executeTakeFirst(),
      input: (target) => {
        const [email, code] = target.extra.split(" ");
        return { email, code };
      },
      expect: publicCall("ok"),
    },
    passkeyOptions: { input: () => ({}), expect: publicCall("ok") },
    passkeyLogin: {
      input: () => ({ challengeId: randomUUID(), response: { id: "made-up" } }),
      expect: publicCall(AUTH),
    },
    listSessions: {
      target: (fixture) =>
        Promise.resolve({ ...madeUpTarget(), extra: fixture.owner.credential.accessKey }),
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"accessKey":"${target.extra}"`),
      expect: {
        ...anySession("hidden"),
        owner: "ok",
      },
    },
    terminateSessions: {
      target: ownerSecondSession,
      mutates: true,
      state: (target, fixture) =>
        fixture.h.database.connection.db
          .selectFrom("userSession")
          .select("endedAt")
          .where("accessKey", "=", target.extra)
          .executeTakeFirst(),
      input: (target) => ({ filter: { accessKeys: [target.extra] } }),
      reveals: (answer) => (answer as { terminated: number }).terminated > 0,
      expect: { ...anySession("hidden"), owner: "ok" },
    },
  },
  user: {
    profile: { input: () => ({}), expect: anySession("ok") },
    updateProfile: {
      input: () => ({ firstname: "Ada", lastname: "Matrix", preferredLanguage: "en" }),
      expect: anySession("ok"),
    },
    uploadPicture: {
      input: (_target, _caller, fixture) => ({ contentType: "image/png", data: fixture.files.png }),
      expect: anySession("ok"),
    },
    removePicture: { input: () => ({}), expect: anySession("ok") },
    // Deleting one's account: any signed-in person, on their own account only. The matrix types
    // another email, so that no caller's account goes: VALIDATION_ERROR for every session.
    deleteAccount: {
      input: () => ({ confirmEmail: uniqueEmail("not-the-caller") }),
      expect: anySession("VALIDATION_ERROR"),
    },
    // Data exports: each person asks for and reads their own; the owner's ready export is
    // downloaded by the owner alone (anyone else: NOT_FOUND, even knowing its id).
    requestDataExport: { input: () => ({}), expect: anySession("ok") },
    dataExport: { input: () => ({}), expect: anySession("ok") },
    downloadDataExport: {
      target: ownerDataExport,
      input: (target) => ({ exportUuid: target.extra }),
      expect: memberCall(
        {
          owner: "ok",
          admin: NOT_FOUND,
          member: NOT_FOUND,
          viewer: NOT_FOUND,
          customRole: NOT_FOUND,
        },
        { otherTeam: NOT_FOUND, outsideWorkspace: NOT_FOUND },
      ),
    },
  },
  envelope: {
    upload: {
      input: (_target, _caller, fixture) => ({
        workspaceUuid: fixture.owner.defaultWorkspaceUuid,
        files: [{ filename: "Upload.pdf", data: fixture.files.pdf }],
      }),
      expect: memberCall(
        { owner: "ok", admin: "ok", member: "ok", viewer: FORBIDDEN, customRole: "ok" },
        { otherTeam: NOT_FOUND, outsideWorkspace: NOT_FOUND },
      ),
    },
    list: {
      target: "sent",
      input: () => ({ limit: 100 }),
      reveals: (answer, target) =>
        envelopeUuidsIn(answer, "envelopes").includes(target.envelopeUuid),
      expect: listRecords,
    },
    get: { target: "sent", input: ref, expect: editorCall(readRecord) },
    update: {
      target: "draft",
      mutates: true,
      input: (target) => ({ ...ref(target), title: "Renamed by the matrix" }),
      expect: editorCall(changeEnvelope),
    },
    saveRecipients: {
      target: "draft",
      mutates: true,
      input: (target) => ({
        ...ref(target),
        recipients: [{ email: uniqueEmail("replaced"), firstname: "Rae", lastname: "Placed" }],
      }),
      expect: editorCall(changeEnvelope),
    },
    saveFields: {
      target: "draft",
      mutates: true,
      input: (target) => ({ ...ref(target), fields: [] }),
      expect: editorCall(changeEnvelope),
    },
    send: { target: "draft", mutates: true, input: ref, expect: editorCall(changeEnvelope) },
    cancel: {
      target: "sent",
      mutates: true,
      input: (target) => ({ ...ref(target), reason: "Cancelled by the matrix." }),
      expect: changeEnvelope,
    },
    retrySeal: { target: sealFailed, mutates: true, input: ref, expect: changeEnvelope },
    resendInvitation: {
      target: "sent",
      mutates: true,
      input: (target) => ({ ...ref(target), recipientUuid: target.extra }),
      expect: changeEnvelope,
    },
    move: {
      target: "draft",
      mutates: true,
      input: (target, _caller, fixture) => ({
        ...ref(target),
        workspaceUuid: fixture.otherWorkspaceUuid,
      }),
      expect: changeEnvelope,
    },
    delete: { target: "draft", mutates: true, input: ref, expect: changeEnvelope },
    setTags: {
      target: draftAndTag,
      mutates: true,
      input: (target) => ({ ...ref(target), tagUuids: [target.extra] }),
      expect: changeEnvelope,
    },
    pagePreview: {
      target: "draft",
      input: (target) => ({ ...ref(target), documentUuid: target.documentUuid, page: 0 }),
      expect: editorCall(readRecord),
    },
    download: {
      target: "sent",
      input: (target) => ({ ...ref(target), kind: "original" }),
      expect: readRecord,
    },
    activity: { target: "sent", input: ref, expect: readRecord },
    listRequests: {
      target: (fixture) => fixture.sent(fixture.viewerEmail),
      input: () => ({}),
      reveals: (answer, target) =>
        envelopeUuidsIn(answer, "requests").includes(target.envelopeUuid),
      // The target is sent to the Viewer: only they are asked to sign it.
      expect: { ...anySession("hidden"), viewer: "ok" },
    },
    dashboard: {
      target: "sent",
      input: () => ({}),
      reveals: (answer, target) => envelopeUuidsIn(answer, "recent").includes(target.envelopeUuid),
      expect: listRecords,
    },
    open: {
      target: "sent",
      input: (target, caller) => linkFor(target, caller),
      expect: linkCall,
    },
    downloadSignerDocument: {
      target: "sent",
      input: (target, caller) => ({
        ...linkFor(target, caller),
        documentUuid: target.documentUuid,
        page: 0,
      }),
      expect: linkCall,
    },
    markPageRead: {
      target: sentAndServed,
      mutates: true,
      input: (target, caller) => ({
        ...linkFor(target, caller),
        documentUuid: target.documentUuid,
        page: 0,
      }),
      expect: linkCall,
    },
    sendVerificationCode: {
      target: verifying(false),
      mutates: true,
      input: (target, caller) => linkFor(target, caller),
      expect: linkCall,
    },
    checkVerificationCode: {
      target: verifying(true),
      mutates: true,
      input: (target, caller) => ({ ...linkFor(target, caller), code: target.extra }),
      expect: linkCall,
    },
    signerPasskeyOptions: {
      target: accountChecking(false),
      mutates: true,
      input: (target, caller) => linkFor(target, caller),
      expect: linkCall,
    },
    checkSignerPasskey: {
      target: accountChecking(true),
      mutates: true,
      input: (target, caller) => ({
        ...linkFor(target, caller),
        ...(JSON.parse(target.extra) as { challengeId: string; response: Record<string, unknown> }),
      }),
      expect: linkCall,
    },
    // Without a qualified provider (the matrix's api has none) and on an envelope not at QES, the
    // link's holder is told why (CONFLICT); every other caller is refused as for any link call.
    qesAuthorize: {
      target: "sent",
      input: (target, caller) => linkFor(target, caller),
      expect: { ...linkCall, linkOfThisEnvelope: "CONFLICT" },
    },
    qesCredentials: {
      target: "sent",
      input: (target, caller) => ({
        ...linkFor(target, caller),
        code: "an-authorization-code",
        state: "a-state-of-sixteen-characters",
      }),
      expect: { ...linkCall, linkOfThisEnvelope: "CONFLICT" },
    },
    sign: {
      target: sentAndRead,
      mutates: true,
      input: (target, caller, fixture) => ({
        ...linkFor(target, caller),
        signature: { kind: "drawn", image: fixture.files.png },
      }),
      expect: linkCall,
    },
    decline: {
      target: "sent",
      mutates: true,
      input: (target, caller) => ({ ...linkFor(target, caller), reason: "Not for me." }),
      expect: linkCall,
    },
    approve: {
      target: approving(true),
      mutates: true,
      input: (target, caller) => linkFor(target, caller),
      expect: linkCall,
    },
    reject: {
      target: approving(false),
      mutates: true,
      input: (target, caller) => ({ ...linkFor(target, caller), reason: "Wrong figures." }),
      expect: linkCall,
    },
    markRead: {
      target: viewing,
      mutates: true,
      input: (target, caller) => linkFor(target, caller),
      expect: linkCall,
    },
    delegate: {
      target: delegating,
      mutates: true,
      input: (target, caller) => ({
        ...linkFor(target, caller),
        firstname: "Dana",
        lastname: "Delegate",
        email: uniqueEmail("delegate"),
        reason: "On leave this week.",
      }),
      expect: linkCall,
    },
    uploadAttachment: {
      target: attaching("field"),
      mutates: true,
      input: (target, caller, fixture) => ({
        ...linkFor(target, caller),
        fieldUuid: target.extra,
        filename: "scan.png",
        data: fixture.files.png,
      }),
      expect: linkCall,
    },
    listAttachments: {
      target: attaching("upload"),
      input: (target, caller) => linkFor(target, caller),
      expect: linkCall,
    },
    removeAttachment: {
      target: attaching("upload"),
      mutates: true,
      input: (target, caller) => ({ ...linkFor(target, caller), attachmentUuid: target.extra }),
      expect: linkCall,
    },
    listEnvelopeAttachments: {
      target: attaching("sign"),
      input: ref,
      reveals: (answer, target) => JSON.stringify(answer).includes(target.extra),
      expect: readRecord,
    },
    downloadAttachment: {
      target: attaching("sign"),
      input: (target) => ({ ...ref(target), attachmentUuid: target.extra }),
      expect: readRecord,
    },
  },
  workspace: {
    list: {
      target: (fixture) =>
        Promise.resolve({ ...madeUpTarget(), extra: fixture.owner.defaultWorkspaceUuid }),
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      expect: listRecords,
    },
    create: {
      input: () => ({ name: "Matrix created", color: "#7c3aed" }),
      // Another team's owner creates one in their own team.
      expect: { ...manageWorkspace, otherTeam: "ok", outsideWorkspace: FORBIDDEN },
    },
    update: {
      target: teamWorkspace,
      mutates: true,
      state: workspaceState,
      input: (target) => ({ workspaceUuid: target.extra, name: "Renamed", color: "#dc2626" }),
      expect: manageWorkspace,
    },
    makeDefault: {
      target: teamWorkspace,
      mutates: true,
      // The cells that succeed move the default: the refusals must leave the target as it was.
      state: workspaceRowState,
      input: (target) => ({ workspaceUuid: target.extra }),
      expect: manageWorkspace,
    },
    delete: {
      target: teamWorkspace,
      mutates: true,
      state: workspaceState,
      input: (target, _caller, fixture) => ({
        workspaceUuid: target.extra,
        destinationWorkspaceUuid: fixture.owner.defaultWorkspaceUuid,
      }),
      expect: manageWorkspace,
    },
    listMembers: {
      target: teamWorkspace,
      input: (target) => ({ workspaceUuid: target.extra }),
      expect: readRecord,
    },
    addMember: {
      // Adds the member outside the workspace (`documentUuid`: their user uuid).
      target: async (fixture) => {
        const target = await teamWorkspace(fixture);
        return { ...target, documentUuid: await teammateOutside(fixture, target.extra) };
      },
      mutates: true,
      state: workspaceState,
      input: (target) => ({ workspaceUuid: target.extra, userUuid: target.documentUuid }),
      expect: manageWorkspace,
    },
    removeMember: {
      target: async (fixture) => {
        const target = await teamWorkspace(fixture);
        return { ...target, documentUuid: await userUuidOf(fixture, fixture.viewerEmail) };
      },
      mutates: true,
      state: workspaceState,
      input: (target) => ({ workspaceUuid: target.extra, userUuid: target.documentUuid }),
      expect: manageWorkspace,
    },
  },
  tag: {
    list: {
      target: teamTag,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      // Tags belong to the team: its members see them whatever their workspaces.
      expect: { ...listRecords, outsideWorkspace: "ok" },
    },
    create: {
      input: () => ({ name: `Matrix ${randomBytes(4).toString("hex")}`, color: "#ca8a04" }),
      expect: { ...manageTag, otherTeam: "ok" },
    },
    update: {
      target: teamTag,
      mutates: true,
      state: tagState,
      input: (target) => ({
        tagUuid: target.extra,
        name: `Renamed ${randomBytes(4).toString("hex")}`,
        color: "#475569",
      }),
      expect: manageTag,
    },
    delete: {
      target: teamTag,
      mutates: true,
      state: tagState,
      input: (target) => ({ tagUuid: target.extra }),
      expect: manageTag,
    },
  },
  contact: {
    lookup: {
      input: (_target, _caller, fixture) => ({
        workspaceUuid: fixture.owner.defaultWorkspaceUuid,
        email: uniqueEmail("contact"),
      }),
      expect: readRecord,
    },
    list: {
      target: ownerContact,
      input: () => ({ pageSize: 100 }),
      reveals: (answer, target) =>
        JSON.stringify(answer).includes(`"uuid":"${contactUuidOf(target)}"`),
      expect: listRecords,
    },
    get: {
      target: ownerContact,
      input: (target, _caller, fixture) => ({
        workspaceUuid: fixture.owner.defaultWorkspaceUuid,
        email: contactEmailOf(target),
      }),
      expect: readRecord,
    },
    create: {
      input: (_target, _caller, fixture) => ({
        workspaceUuid: fixture.owner.defaultWorkspaceUuid,
        email: uniqueEmail("contact"),
        firstname: "Connie",
        lastname: "Tact",
      }),
      expect: changeContact,
    },
    update: {
      target: ownerContact,
      mutates: true,
      state: contactState,
      input: (target) => ({
        contactUuid: contactUuidOf(target),
        email: contactEmailOf(target),
        firstname: "Renamed",
        lastname: "By the matrix",
        phone: "+33612345678",
      }),
      expect: changeContact,
    },
    delete: {
      target: ownerContact,
      mutates: true,
      state: contactState,
      input: (target) => ({ contactUuid: contactUuidOf(target) }),
      expect: changeContact,
    },
    import: {
      input: (_target, _caller, fixture) => ({
        workspaceUuid: fixture.owner.defaultWorkspaceUuid,
        contacts: [
          { email: uniqueEmail("imported"), firstname: "Ima", lastname: "Port" },
          {
            email: uniqueEmail("imported"),
            firstname: "Ima",
            lastname: "Port",
            phone: "+44 20 7123 4567",
          },
        ],
      }),
      expect: changeContact,
    },
  },
  team: {
    // Everyone signed in here already has a team.
    create: {
      input: () => ({ name: "Another team", firstname: "Ada", lastname: "Matrix" }),
      expect: anySession("CONFLICT"),
    },
    listMembers: {
      target: (fixture) => Promise.resolve({ ...madeUpTarget(), extra: fixture.owner.email }),
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"email":"${target.extra}"`),
      expect: listTeam,
    },
    invite: {
      target: async (fixture) => ({
        ...madeUpTarget(),
        extra: `${uniqueEmail("invited")} ${await roleIdOf(fixture.h, fixture.owner.teamUuid, "Viewer")}`,
      }),
      mutates: true,
      state: (target, fixture) =>
        fixture.h.database.connection.db
          .selectFrom("teamInvitation")
          .select("id")
          .where("email", "=", target.extra.split(" ")[0] ?? "")
          .execute(),
      input: (target) => {
        const [email, roleUuid] = target.extra.split(" ");
        return { email, roleUuid };
      },
      expect: administerInvitations,
    },
    importInvitations: {
      target: async (fixture) => ({
        ...madeUpTarget(),
        extra: `${uniqueEmail("imported")} ${await roleIdOf(fixture.h, fixture.owner.teamUuid, "Viewer")}`,
      }),
      mutates: true,
      state: (target, fixture) =>
        fixture.h.database.connection.db
          .selectFrom("teamInvitation")
          .select("id")
          .where("email", "=", target.extra.split(" ")[0] ?? "")
          .execute(),
      input: (target) => {
        const [email, roleUuid] = target.extra.split(" ");
        return { roleUuid, invitations: [{ email, firstname: "Ada", lastname: "Matrix" }] };
      },
      expect: administerInvitations,
    },
    updateMember: {
      target: teamMemberTarget,
      mutates: true,
      state: membershipOf,
      input: (target) => {
        const [userUuid, roleUuid] = target.extra.split(" ");
        return { userUuid, roleUuid, firstname: "Renamed", lastname: "Matrix" };
      },
      expect: administerTeam,
    },
    removeMember: {
      target: teamMemberTarget,
      mutates: true,
      state: membershipOf,
      input: (target) => ({ userUuid: target.extra.split(" ")[0] }),
      expect: administerTeam,
    },
    listInvitations: {
      target: pendingInvitation,
      input: () => ({}),
      reveals: (answer, target) =>
        JSON.stringify(answer).includes(`"uuid":"${target.extra.split(" ")[0] ?? ""}"`),
      expect: listTeam,
    },
    resendInvite: {
      target: pendingInvitation,
      mutates: true,
      state: invitationRow,
      input: (target) => ({ invitationUuid: target.extra.split(" ")[0] }),
      expect: administerInvitations,
    },
    revokeInvite: {
      target: pendingInvitation,
      mutates: true,
      state: invitationRow,
      input: (target) => ({ invitationUuid: target.extra.split(" ")[0] }),
      expect: administerInvitations,
    },
    // The token authorises: any app (and any member's app) holding it may see the invitation.
    viewInvite: {
      target: pendingInvitation,
      input: (target) => ({ token: target.extra.split(" ")[1] }),
      expect: publicCall("ok"),
    },
    acceptInvite: {
      target: acceptableInvitation,
      mutates: true,
      state: invitationRow,
      input: (target) => ({ token: target.extra.split(" ")[1] }),
      expect: publicCall("ok"),
    },
    myInvitations: {
      target: invitationToOwner,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      expect: { ...anySession("hidden"), owner: "ok" },
    },
    join: {
      target: invitationToOwner,
      mutates: true,
      state: invitationRow,
      input: (target) => ({ invitationUuid: target.extra }),
      // Only the owner is its addressee, and they are in a team already.
      expect: { ...anySession("INVITATION_INVALID"), owner: "CONFLICT" },
    },
    // Roles belong to the team, not to a workspace: every member of the team reads them.
    listRoles: {
      target: unheldCustomRole,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      expect: memberCall(
        { owner: "ok", admin: "ok", member: "ok", viewer: "ok", customRole: "ok" },
        { otherTeam: "hidden", outsideWorkspace: "ok" },
      ),
    },
    // The other team's owner creates the role in their own team.
    createRole: {
      input: () => ({
        name: `Created ${randomUUID().slice(0, 8)}`,
        permissions: [{ action: "read", subject: "Envelope" }],
      }),
      expect: memberCall(
        { owner: "ok", admin: "ok", member: FORBIDDEN, viewer: FORBIDDEN, customRole: FORBIDDEN },
        { otherTeam: "ok", outsideWorkspace: FORBIDDEN },
      ),
    },
    updateRole: {
      target: unheldCustomRole,
      mutates: true,
      state: roleState,
      input: (target) => ({ roleUuid: target.extra, name: `Renamed ${randomUUID().slice(0, 8)}` }),
      expect: administerRole,
    },
    deleteRole: {
      target: unheldCustomRole,
      mutates: true,
      state: roleState,
      input: (target) => ({ roleUuid: target.extra }),
      expect: administerRole,
    },
    // Deleting the team: its Owners only. The matrix types a wrong name, so that no cell deletes
    // the shared team: an Owner (of this team or of another, on their own) is then refused with
    // VALIDATION_ERROR, after the role check that refuses everyone else. The deletion itself is
    // proven in `erasure/erasure.test.ts`.
    delete: {
      target: async () => madeUpTarget(),
      mutates: true,
      state: teamDeletionState,
      input: () => ({ confirmName: "Not the team's name" }),
      expect: memberCall(
        {
          owner: "VALIDATION_ERROR",
          admin: FORBIDDEN,
          member: FORBIDDEN,
          viewer: FORBIDDEN,
          customRole: FORBIDDEN,
        },
        { otherTeam: "VALIDATION_ERROR", outsideWorkspace: FORBIDDEN },
      ),
    },
  },
  template: {
    // The direct link: managed by who may update the template (member calls, never a key).
    getDirectLink: {
      target: templateWithDirectLink,
      input: templateRef,
      expect: readRecord,
    },
    saveDirectLink: {
      target: ownerTemplate,
      mutates: true,
      state: directLinkState,
      input: (target) => ({ ...templateRef(target), roleUuid: target.extra, usesPerHour: 5 }),
      expect: changeTemplate,
    },
    rotateDirectLink: {
      target: templateWithDirectLink,
      mutates: true,
      state: directLinkState,
      input: templateRef,
      expect: changeTemplate,
    },
    disableDirectLink: {
      target: templateWithDirectLink,
      mutates: true,
      state: directLinkState,
      input: templateRef,
      expect: changeTemplate,
    },
    list: {
      target: ownerTemplate,
      input: () => ({ limit: 100 }),
      reveals: (answer, target) =>
        envelopeUuidsIn(answer, "templates").includes(target.envelopeUuid),
      expect: withKeys(listRecords, keysAlike("ok", "hidden")),
    },
    get: {
      target: ownerTemplate,
      input: templateRef,
      expect: editorCall(withKeys(readRecord, keysAlike("ok"))),
    },
    create: {
      input: (_target, _caller, fixture) => ({
        workspaceUuid: fixture.owner.defaultWorkspaceUuid,
        files: [{ filename: "Template.pdf", data: fixture.files.pdf }],
      }),
      expect: withKeys(changeTemplate, keysWith("create")),
    },
    update: {
      target: ownerTemplate,
      mutates: true,
      state: templateState,
      input: (target) => ({ ...templateRef(target), title: "Renamed by the matrix" }),
      expect: editorCall(withKeys(changeTemplate, keysWith("update"))),
    },
    saveRecipients: {
      target: ownerTemplate,
      mutates: true,
      state: templateState,
      input: (target) => ({
        ...templateRef(target),
        roles: [{ uuid: target.extra, label: "Renamed role" }, { label: "Second role" }],
      }),
      expect: editorCall(withKeys(changeTemplate, keysWith("update"))),
    },
    saveFields: {
      target: ownerTemplate,
      mutates: true,
      state: templateState,
      input: (target) => ({ ...templateRef(target), fields: [] }),
      expect: editorCall(withKeys(changeTemplate, keysWith("update"))),
    },
    activate: {
      target: (fixture) => ownerTemplate(fixture, "draft"),
      mutates: true,
      state: templateState,
      input: templateRef,
      expect: withKeys(changeTemplate, keysWith("update")),
    },
    archive: {
      target: ownerTemplate,
      mutates: true,
      state: templateState,
      input: templateRef,
      expect: withKeys(changeTemplate, keysWith("update")),
    },
    unarchive: {
      target: (fixture) => ownerTemplate(fixture, "archived"),
      mutates: true,
      state: templateState,
      input: templateRef,
      expect: withKeys(changeTemplate, keysWith("update")),
    },
    delete: {
      target: ownerTemplate,
      mutates: true,
      state: templateState,
      input: templateRef,
      expect: withKeys(changeTemplate, keysWith("delete")),
    },
    setTags: {
      target: templateAndTag,
      mutates: true,
      state: templateState,
      input: (target) => ({ ...templateRef(target), tagUuids: [target.extra] }),
      expect: withKeys(changeTemplate, keysWith("update")),
    },
    pagePreview: {
      target: ownerTemplate,
      input: (target) => ({ ...templateRef(target), documentUuid: target.documentUuid, page: 0 }),
      expect: editorCall(withKeys(readRecord, keysAlike("ok"))),
    },
    createFromEnvelope: {
      target: "sent",
      input: ref,
      // Reading the envelope is not enough: saving it as a template needs the Template create permission.
      expect: changeTemplate,
    },
    createEnvelope: {
      target: ownerTemplate,
      input: (target) => ({
        ...templateRef(target),
        recipients: [
          {
            roleUuid: target.extra,
            email: uniqueEmail("from-template"),
            firstname: "Tess",
            lastname: "Plate",
          },
        ],
      }),
      // Creating an envelope needs the Envelope create permission (the custom role has it).
      expect: withKeys(changeTemplate, keysWith("create")),
    },
    // An envelope a key (manage) created from a template: that key reads it, no other key does;
    // members read it as they read any envelope of the owner.
    envelopeStatus: {
      target: envelopeOfKey,
      input: ref,
      expect: withKeys(readRecord, { ...keysAlike(NOT_FOUND), keyManage: "ok" }),
    },
    bulkSend: {
      target: ownerTemplate,
      input: (target) => ({ ...templateRef(target), rows: [bulkSendRow()] }),
      // Sending from a template needs reading it and the Envelope create permission.
      expect: changeTemplate,
    },
    bulkSendStatus: {
      target: ownerBulkSend,
      input: (target) => ({ bulkSendUuid: target.extra }),
      expect: readRecord,
    },
    listBulkSends: {
      target: ownerBulkSend,
      input: () => ({ limit: 100 }),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      expect: listRecords,
    },
  },
  passkey: {
    registrationOptions: { input: () => ({}), expect: anySession("ok") },
    register: {
      input: () => ({ response: { id: "made-up" } }),
      expect: anySession("VALIDATION_ERROR"),
    },
    list: {
      target: ownerPasskey,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"id":"${target.extra}"`),
      expect: { ...anySession("hidden"), owner: "ok" },
    },
    delete: {
      target: ownerPasskey,
      mutates: true,
      state: (target, fixture) =>
        fixture.h.database.connection.db
          .selectFrom("passkey")
          .select(["id", "userId"])
          .where("id", "=", target.extra)
          .executeTakeFirst(),
      input: (target) => ({ id: target.extra }),
      expect: { ...anySession(NOT_FOUND), owner: "ok" },
    },
  },
  apiKey: {
    list: {
      target: ownerApiKey,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      // Another team's owner lists their own team's keys.
      expect: administerApiKeys("hidden"),
    },
    create: {
      input: () => ({ description: "Matrix integration", permissions: ["read"] }),
      // Another team's owner creates a key of their own team.
      expect: administerApiKeys("ok"),
    },
    revoke: {
      target: ownerApiKey,
      mutates: true,
      state: apiKeyState,
      input: (target) => ({ apiKeyUuid: target.extra }),
      expect: administerApiKeys(NOT_FOUND),
    },
  },
  branding: {
    get: {
      target: ownerBranding,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(target.extra),
      // Another team's owner reads their own team's (default) branding.
      expect: administerBranding("hidden"),
    },
    save: {
      target: ownerBranding,
      mutates: true,
      state: brandingState,
      input: () => ({
        displayName: `Saved ${randomUUID()}`,
        color: "#abcdef",
        showPoweredBy: true,
      }),
      // Another team's owner brands their own team.
      expect: administerBranding("ok"),
    },
    uploadLogo: {
      target: ownerBranding,
      mutates: true,
      state: brandingState,
      input: () => ({ contentType: "image/png", data: LOGO_PNG }),
      expect: administerBranding("ok"),
    },
    removeLogo: {
      target: ownerBranding,
      mutates: true,
      state: brandingState,
      input: () => ({}),
      expect: administerBranding("ok"),
    },
  },
  // The editable messages: those who may change the branding (Owner, Admin).
  mailText: {
    list: {
      target: ownerMailText,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(target.extra),
      // Another team's owner reads their own team's (default) texts.
      expect: administerBranding("hidden"),
    },
    save: {
      target: ownerMailText,
      mutates: true,
      state: mailTextState,
      input: () => ({
        kind: "invitation",
        language: "en",
        subject: `Saved ${randomUUID()}`,
        body: "Please sign: {{link}}",
      }),
      // Another team's owner writes their own team's text.
      expect: administerBranding("ok"),
    },
    reset: {
      target: ownerMailText,
      mutates: true,
      state: mailTextState,
      input: () => ({ kind: "invitation", language: "en" }),
      expect: administerBranding("ok"),
    },
    preview: {
      input: () => ({
        kind: "reminder",
        language: "fr",
        subject: "Rappel : {{envelopeTitle}}",
        body: "Bonjour {{signerName}},\n\n{{link}}",
      }),
      expect: administerBranding("ok"),
    },
  },
  retention: {
    get: {
      target: ownerRetention,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(target.extra),
      // Another team's owner reads their own team's policy (off).
      expect: administerRetention("hidden"),
    },
    save: {
      target: ownerRetention,
      mutates: true,
      state: retentionState,
      input: () => ({ days: 45, scope: "everything" }),
      // Another team's owner sets their own team's policy.
      expect: administerRetention("ok"),
    },
  },
  mailSender: {
    get: {
      target: ownerMailSender,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(target.extra),
      // Another team's owner reads their own team's (the deployment's server).
      expect: administerMailSender("hidden"),
    },
    save: {
      target: ownerMailSender,
      mutates: true,
      state: mailSenderState,
      input: () => ({ mode: "deployment" }),
      // Another team's owner sets their own team's.
      expect: administerMailSender("ok"),
    },
    test: {
      target: ownerMailSender,
      mutates: true,
      state: mailSenderState,
      input: () => ({}),
      // Another team's owner has no server of their own to test.
      expect: administerMailSender("CONFLICT"),
    },
  },
  embed: {
    createToken: {
      target: "draft",
      input: (target) => ({ ...ref(target), expiresIn: 60 }),
      // A key that changes templates (update, manage) in its creator's name; the Viewer, the
      // read-only custom role and the other keys may not; outsiders do not find the draft.
      expect: withKeys(changeEnvelope, {
        ...keysWith("update"),
        keyOtherTeam: NOT_FOUND,
      }),
    },
  },
  embedding: {
    get: {
      target: ownerEmbedding,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(target.extra),
      // Another team's owner reads their own team's (empty) list.
      expect: administerEmbedding("hidden"),
    },
    save: {
      target: ownerEmbedding,
      mutates: true,
      state: embeddingState,
      input: () => ({ origins: ["https://saved.example"] }),
      // Another team's owner sets their own team's list.
      expect: administerEmbedding("ok"),
    },
  },
  sso: {
    get: {
      target: ownerSsoConfiguration,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"clientId":"${target.extra}"`),
      // Another team's owner reads their own team's (empty) configuration.
      expect: administerSso("hidden"),
    },
    save: {
      target: ownerSsoConfiguration,
      mutates: true,
      state: ssoState,
      input: () => ({
        clientId: `saved-${randomUUID()}`,
        clientSecret: "a new secret",
        issuerUrl: "https://login.example",
        authorizationUrl: "https://login.example/authorize",
        tokenUrl: "https://login.example/token",
        userinfoUrl: "https://login.example/userinfo",
        revocationUrl: "https://login.example/revoke",
        jwksUrl: "https://login.example/jwks",
        enabled: false,
      }),
      // Another team's owner configures their own team.
      expect: administerSso("ok"),
    },
    // Nothing listens there: those allowed get the discovery failure, nobody else gets that far.
    discover: {
      input: () => ({ issuerUrl: "http://127.0.0.1:9" }),
      expect: {
        ...administerSso("OIDC_DISCOVERY_FAILED"),
        owner: "OIDC_DISCOVERY_FAILED",
        admin: "OIDC_DISCOVERY_FAILED",
      },
    },
    delete: {
      target: ownerSsoConfiguration,
      mutates: true,
      state: ssoState,
      input: () => ({}),
      // Another team's owner deletes their own team's (deleting none is no error).
      expect: administerSso("ok"),
    },
    listDomains: {
      target: ownerSsoDomain,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      // Another team's owner lists their own team's (empty) domains.
      expect: administerSso("hidden"),
    },
    addDomain: {
      target: noOwnerSsoDomains,
      mutates: true,
      state: ssoDomainsState,
      input: () => ({ domain: `added-${randomBytes(6).toString("hex")}.example` }),
      // Another team's owner claims it for their own team.
      expect: administerSso("ok"),
    },
    verifyDomain: {
      target: ownerSsoDomain,
      mutates: true,
      state: ssoDomainState,
      input: (target) => ({ domainUuid: target.extra }),
      expect: administerSso(NOT_FOUND),
    },
    removeDomain: {
      target: ownerSsoDomain,
      mutates: true,
      state: ssoDomainState,
      input: (target) => ({ domainUuid: target.extra }),
      expect: administerSso(NOT_FOUND),
    },
  },
  webhook: {
    list: {
      target: ownerWebhookEndpoint,
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      // Another team's owner lists their own team's (empty) endpoints.
      expect: administerWebhooks("hidden"),
    },
    create: {
      target: noOwnerWebhooks,
      mutates: true,
      state: (_target, fixture) =>
        fixture.h.database.connection.db
          .selectFrom("webhookEndpoint")
          .select("id")
          .where("teamId", "=", fixture.owner.teamUuid)
          .orderBy("id")
          .execute(),
      input: () => ({ url: "https://hooks.example/new", events: ["envelope.completed"] }),
      // Another team's owner creates one in their own team.
      expect: administerWebhooks("ok"),
    },
    update: {
      target: ownerWebhookEndpoint,
      mutates: true,
      state: webhookState,
      input: (target) => ({ uuid: target.extra, enabled: false, events: ["envelope.signed"] }),
      expect: administerWebhooks(NOT_FOUND),
    },
    rotateSecret: {
      target: ownerWebhookEndpoint,
      mutates: true,
      state: webhookState,
      input: (target) => ({ uuid: target.extra }),
      expect: administerWebhooks(NOT_FOUND),
    },
    delete: {
      target: ownerWebhookEndpoint,
      mutates: true,
      state: webhookState,
      input: (target) => ({ uuid: target.extra }),
      expect: administerWebhooks(NOT_FOUND),
    },
    deliveries: {
      target: ownerWebhookEndpoint,
      input: (target) => ({ endpointUuid: target.extra }),
      expect: administerWebhooks(NOT_FOUND),
    },
    replay: {
      target: ownerWebhookDelivery,
      mutates: true,
      state: (target, fixture) =>
        fixture.h.database.connection.db
          .selectFrom("webhookDelivery")
          .select("id")
          .where("replayOfId", "=", target.extra)
          .execute(),
      input: (target) => ({ deliveryUuid: target.extra }),
      expect: administerWebhooks(NOT_FOUND),
    },
  },
  // Every member reads their own team's subscription and the offered plans; another team's owner
  // reads their own (the subscription tests prove nothing of another team shows).
  subscription: {
    get: { input: () => ({}), expect: anySession("ok") },
    plans: { input: () => ({}), expect: anySession("ok") },
  },
  // Every member reads their own team's usage; another team's owner reads their own, without the
  // target's events (the usage tests prove the same of every call).
  usage: {
    list: {
      target: ownerUsageEvent,
      input: () => ({ types: ["seat_added"], limit: 100 }),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"id":"${target.documentUuid}"`),
      expect: readTeamUsage,
    },
    series: {
      target: ownerUsageEvent,
      input: (target) => ({
        bucket: "day",
        from: target.extra,
        to: new Date(new Date(target.extra).getTime() + 86_400_000).toISOString(),
      }),
      reveals: (answer) =>
        // One bucket: the owner's team's counts the target's API credit.
        /"apiCredits":[1-9]/.test(JSON.stringify(answer)),
      expect: readTeamUsage,
    },
    export: {
      target: ownerUsageEvent,
      input: (target) => ({
        types: ["seat_added"],
        from: target.extra,
        to: new Date(new Date(target.extra).getTime() + 1).toISOString(),
      }),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"id":"${target.documentUuid}"`),
      expect: readTeamUsage,
    },
  },
  support: {
    // Each member reads their own conversation: the owner finds their message, nobody else does.
    listMessages: {
      target: ownerSupportConversation,
      input: () => ({}),
      reveals: (answer, target) =>
        JSON.stringify(answer).includes(`"uuid":"${target.documentUuid}"`),
      expect: { ...anySession("hidden"), owner: "ok" },
    },
    // Writes to the caller's own conversation: every member of a team may.
    send: {
      input: () => ({ body: "Hello support, how do I add a signer?" }),
      expect: anySession("ok"),
    },
    operatorListConversations: {
      target: ownerSupportConversation,
      input: () => ({}),
      expect: operatorCall,
    },
    operatorGet: {
      target: ownerSupportConversation,
      mutates: true,
      state: supportState,
      input: (target) => ({ conversationUuid: target.extra }),
      expect: operatorCall,
    },
    operatorReply: {
      target: ownerSupportConversation,
      mutates: true,
      state: supportState,
      input: (target) => ({ conversationUuid: target.extra, body: "Matrix answer" }),
      expect: operatorCall,
    },
  },
  // The login's public calls: no team configures an unknown domain, and a made-up state is refused.
  oidc: {
    start: {
      input: () => ({ email: `someone@${randomUUID()}.example` }),
      expect: publicCall("OIDC_NOT_CONFIGURED"),
    },
    callback: {
      input: () => ({
        query: `?code=made-up&state=${randomUUID()}`,
        browserBinding: randomBytes(32).toString("base64url"),
      }),
      expect: publicCall("OIDC_TOKEN_VERIFICATION_FAILED"),
    },
  },
  // A direct link's visitor: the token authorises whoever holds it (the app's credential needed).
  directLink: {
    open: {
      target: templateWithDirectLink,
      input: (target) => ({ token: target.extra }),
      expect: publicCall("ok"),
    },
    sendCode: {
      target: templateWithDirectLink,
      mutates: true,
      state: directLinkState,
      input: (target, caller) => ({
        token: target.extra,
        firstname: "Vic",
        lastname: "Visitor",
        email: uniqueEmail(`visitor-${caller.name}`),
      }),
      expect: publicCall("ok"),
    },
    confirm: {
      target: directLinkVisitor,
      mutates: true,
      state: directLinkState,
      input: (target) => {
        const [token, email, code] = target.extra.split(" ");
        return { token, email, code };
      },
      expect: publicCall("ok"),
    },
  },
};

/** The row of `group.name`, or undefined when the matrix has none. */
export function matrixRow(group: string, name: string): MatrixRow | undefined {
  const rows: Readonly<
    Record<string, Readonly<Record<string, MatrixRow | undefined>> | undefined>
  > = accessMatrix;
  return rows[group]?.[name];
}
