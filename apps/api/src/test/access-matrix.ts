/**
 * The access matrix's machinery (architecture §7): the callers, the records they act on, the
 * outcome of one call, and the check that every endpoint of the contract has a row. The rows
 * themselves are in `access-matrix-rows.ts`; the suite in `access-matrix.test.ts`.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { ApiError, DEFAULT_APP_CREDENTIALS, type ApiClient } from "@paraphe/api-sdk";
import {
  endpoints,
  type AccessLink,
  type ApiKeyPermission,
  parseEmbedToken,
  type Endpoint,
  type ErrorCode,
} from "@paraphe/api-sdk/contract";
import type { PermissionRule } from "@paraphe/permissions";
import {
  joinTeam,
  linkFromMail,
  sentEnvelope,
  signaturePng,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "./envelopes";
import { socketEnv, TEST_PROXY_ADDRESS, uniqueEmail, type IdentityHarness } from "./identity";
import { startTestIdentityProvider } from "./oidc-provider";
import { openManualSession, type ManualSession } from "./tunnel";

/** Who calls, one column of the matrix each. */
export const CALLERS = [
  "owner",
  "admin",
  "member",
  "viewer",
  "customRole",
  "fieldLimitedRole",
  "ssoMember",
  "otherTeam",
  "outsideWorkspace",
  "linkOfThisEnvelope",
  "linkOfAnotherEnvelope",
  "appCredentialOnly",
  "noCredential",
  "keyRead",
  "keyCreate",
  "keyUpdate",
  "keyDelete",
  "keyManage",
  "keyRevoked",
  "keyOtherTeam",
  "embedToken",
] as const;
export type CallerName = (typeof CALLERS)[number];

/**
 * The team API keys among the callers (architecture §7): keys of the owner's team, created by the
 * owner, with one permission on templates each; a revoked one; and a key of the other team (manage).
 */
export const KEY_CALLERS = [
  "keyRead",
  "keyCreate",
  "keyUpdate",
  "keyDelete",
  "keyManage",
  "keyRevoked",
  "keyOtherTeam",
] as const satisfies readonly CallerName[];
export type KeyCallerName = (typeof KEY_CALLERS)[number];

/** The permissions of each key caller. */
const KEY_PERMISSIONS: Readonly<Record<KeyCallerName, ApiKeyPermission[]>> = {
  keyRead: ["read"],
  keyCreate: ["create"],
  keyUpdate: ["update"],
  keyDelete: ["delete"],
  keyManage: ["manage"],
  keyRevoked: ["manage"],
  keyOtherTeam: ["manage"],
};

/** Short column titles of the printed matrix. */
export const CALLER_TITLES: Readonly<Record<CallerName, string>> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
  customRole: "Custom",
  fieldLimitedRole: "Field-limited",
  ssoMember: "Member (SSO)",
  otherTeam: "Other team",
  outsideWorkspace: "Outside ws",
  linkOfThisEnvelope: "Link (this)",
  linkOfAnotherEnvelope: "Link (other)",
  appCredentialOnly: "App cred.",
  noCredential: "None",
  keyRead: "Key read",
  keyCreate: "Key create",
  keyUpdate: "Key update",
  keyDelete: "Key delete",
  keyManage: "Key manage",
  keyRevoked: "Key revoked",
  keyOtherTeam: "Key other team",
  embedToken: "Embed token (other doc.)",
};

/**
 * What a call must give: `ok` (success; for a call that answers with records, the target is among
 * them), `hidden` (success, but the target is not in the answer: nothing of it leaks), or the code
 * of the error the api must answer with.
 */
export type Outcome = "ok" | "hidden" | ErrorCode;

/** What one call gave, in the same terms. */
export type Answer = { ok: true; body: unknown } | { ok: false; code: string; status: number };

/** The envelope a row acts on, with the signing link of its recipient (once sent). */
export interface Target {
  envelopeUuid: string;
  documentUuid: string;
  /** The recipient's link; a made-up one for drafts. */
  link: AccessLink;
  /** Anything else a row needs (a session's access key, a passkey id). */
  extra: string;
}

export interface MatrixCaller {
  name: CallerName;
  /** A recipient link of another envelope than the target (for the link columns). */
  ownLink: AccessLink | null;
  call(endpoint: Endpoint, input: unknown): Promise<Answer>;
}

export interface MatrixRow {
  /**
   * The record the call acts on: a draft, a sent envelope, or one the row makes. Without it, the
   * call acts on the caller alone.
   */
  target?: "draft" | "sent" | ((fixture: MatrixFixture) => Promise<Target>);
  /**
   * The call changes its target: every cell expected to succeed gets a fresh one (refusals share
   * one, which they must leave as it was), so that the order of the cells does not matter.
   */
  mutates?: boolean;
  /**
   * For a row that changes its target: what the refusals must leave as it was. The owner's view of
   * the target envelope by default.
   */
  state?(target: Target, fixture: MatrixFixture): Promise<unknown>;
  /** The body of the call for `caller` (a made-up target for rows without one). */
  input(target: Target, caller: MatrixCaller, fixture: MatrixFixture): unknown;
  /**
   * For calls that answer with several records: whether the answer shows the target. A success
   * that does not is `hidden`.
   */
  reveals?(answer: unknown, target: Target): boolean;
  expect: Readonly<Record<CallerName, Outcome>>;
}

/** Records for the rows, in the owner's team, default workspace. */
export interface MatrixFixture {
  h: IdentityHarness;
  owner: TeamMember;
  /** A second workspace of the team, where the member outside the workspace belongs. */
  otherWorkspaceUuid: string;
  callers: Readonly<Record<CallerName, MatrixCaller>>;
  /** Files the rows upload, base64: a signature image and a one-page PDF. */
  files: { png: string; pdf: string };
  /** A draft with one recipient and one signature field (ready to send). */
  draft(): Promise<Target>;
  /**
   * An envelope sent to one recipient, `recipient` or a new address (whose link is the
   * `linkOfThisEnvelope` caller's).
   */
  sent(recipient?: string): Promise<Target>;
  /** The Viewer's email (to send them a signing request). */
  viewerEmail: string;
}

/** The rules of the custom role: a Member whose envelopes are read-only (an inverted rule). */
export const CUSTOM_ROLE_RULES: PermissionRule[] = [
  { action: "manage", subject: ["Envelope", "Contact", "Template"] },
  { action: "read", subject: ["Team", "Workspace"] },
  {
    action: ["update", "delete"],
    subject: "Envelope",
    inverted: true,
    reason: "This role creates and reads envelopes but does not change them.",
  },
];

/**
 * The rules of the field-limited role: a Viewer that may also update the team's `members` field,
 * and nothing else of the team (not its roles, tags, single sign-on or webhooks). It gives only
 * roles whose every right it holds (the Viewer role), and changes or removes only members whose
 * role it holds whole: a check of the subject type alone (`can("update", "Team")`) would let it do
 * everything an Admin does to the team.
 */
export const FIELD_LIMITED_ROLE_RULES: PermissionRule[] = [
  { action: "read", subject: ["Envelope", "Template", "Contact", "Workspace", "Team"] },
  { action: "update", subject: "Team", fields: ["members"] },
];

/** The endpoints of `contract` (`group.name` keys) that `rows` has no entry for. */
export function endpointsWithoutRow(
  contract: Readonly<Record<string, Readonly<Record<string, Endpoint>>>>,
  rows: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>,
): string[] {
  const missing: string[] = [];
  for (const [group, members] of Object.entries(contract)) {
    for (const name of Object.keys(members)) {
      if (rows[group]?.[name] === undefined) missing.push(`${group}.${name}`);
    }
  }
  return missing;
}

/** The matrix as a text table: a line per endpoint, a column per caller. */
export function formatMatrix(
  lines: readonly { endpoint: string; cells: Readonly<Record<CallerName, string>> }[],
): string {
  const header = ["endpoint", ...CALLERS.map((caller) => CALLER_TITLES[caller])];
  const body = lines.map((line) => [line.endpoint, ...CALLERS.map((caller) => line.cells[caller])]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((row) => row[column]?.length ?? 0)),
  );
  const render = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ");
  return [
    render(header),
    widths.map((width) => "-".repeat(width)).join("-|-"),
    ...body.map(render),
  ].join("\n");
}

/** The short form of an outcome in the printed matrix. */
export function outcomeLabel(outcome: string): string {
  switch (outcome) {
    case "AUTHENTICATION_ERROR":
      return "AUTH";
    case "VALIDATION_ERROR":
      return "VALIDATION";
    case "ACCESS_LINK_INVALID":
      return "LINK_INVALID";
    default:
      return outcome;
  }
}

async function answerOf(promise: Promise<unknown>): Promise<Answer> {
  try {
    return { ok: true, body: await promise };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, code: error.code, status: error.statusCode };
    throw error;
  }
}

/** A made-up access link to `envelopeUuid`: the token and secret of nobody. */
export function madeUpLink(envelopeUuid: string): AccessLink {
  return {
    envelopeUuid,
    token: randomBytes(24).toString("base64url"),
    secretKey: randomBytes(32).toString("base64url"),
  };
}

/** A caller behind an SDK client of the harness. */
function clientCaller(name: CallerName, api: ApiClient, ownLink: AccessLink | null): MatrixCaller {
  return { name, ownLink, call: (endpoint, input) => answerOf(api.call(endpoint, input)) };
}

/**
 * A caller with the app-level credential only: the SDK signs every call with it, member calls
 * included (the signing app's credential is public, so the api must refuse it there).
 */
function appCredentialCaller(
  h: IdentityHarness,
  name: CallerName,
  ownLink: AccessLink | null,
): MatrixCaller {
  const api = h.client({
    credential: () => ({ ...DEFAULT_APP_CREDENTIALS.sign, email: "signing-app@example.com" }),
  });
  return clientCaller(name, api, ownLink);
}

/**
 * A caller without any credential: the call travels sealed through the tunnel (the real tunnel
 * client) but carries no request signature.
 */
async function unsignedCaller(h: IdentityHarness): Promise<MatrixCaller> {
  const session: ManualSession = await openManualSession(async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("X-Forwarded-For", "203.0.113.9");
    return h.t.app.request(input, { ...init, headers }, socketEnv(TEST_PROXY_ADDRESS));
  });
  return {
    name: "noCredential",
    ownLink: null,
    async call(endpoint, input) {
      const { sealed, seq } = await session.seal("POST", endpoint.path, input);
      const response = await session.send(endpoint.path, sealed);
      const body = await session.open(response, {
        method: "POST",
        path: endpoint.path,
        requestSeq: seq,
      });
      if (response.ok) return { ok: true, body };
      const code =
        typeof body === "object" && body !== null && "error" in body
          ? (body.error as { code?: unknown }).code
          : undefined;
      return {
        ok: false,
        code: typeof code === "string" ? code : "(no error shape)",
        status: response.status,
      };
    },
  };
}

/**
 * The member `member` of `owner`'s team signed in through the team's single sign-on, for real: the
 * owner saves a configuration of a test OpenID provider, the member's browser starts the login,
 * follows the provider and finishes it. The session is then the member's, opened by single sign-on
 * (its email not proven by Paraphe); the provider and the configuration are gone afterwards.
 */
async function singleSignOnCaller(
  h: IdentityHarness,
  owner: TeamMember,
  member: TeamMember,
): Promise<MatrixCaller> {
  const provider = await startTestIdentityProvider({
    redirectUri: new URL("/auth/oidc", h.t.config.webUrl).toString(),
  });
  try {
    await owner.api.sso.save({
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      ...provider.urls,
      enabled: true,
    });
    const browser = h.client();
    const { authorizationUrl, browserBinding } = await browser.oidc.start({ email: member.email });
    const login = await browser.oidc.callback({
      query: await provider.authorize(authorizationUrl),
      browserBinding,
    });
    await owner.api.sso.delete({});
    const api = h.client({
      credential: () => ({
        accessKey: login.accessKey,
        secretKey: login.secretKey,
        email: login.email,
      }),
    });
    return clientCaller("ssoMember", api, null);
  } finally {
    await provider.close();
  }
}

/**
 * A caller signing with a team API key of `creator`'s team: every call, public ones included, is
 * signed with the key (what a script using the SDK with a key does). `revoked`: revoked at once.
 */
async function apiKeyCaller(
  h: IdentityHarness,
  name: KeyCallerName,
  creator: TeamMember,
  revoked = false,
): Promise<MatrixCaller> {
  const created = await creator.api.apiKey.create({
    description: `Matrix ${name}`,
    permissions: KEY_PERMISSIONS[name],
  });
  if (revoked) await creator.api.apiKey.revoke({ apiKeyUuid: created.apiKey.uuid });
  const api = h.client({
    credential: () => ({
      accessKey: created.apiKey.accessKey,
      secretKey: created.secretKey,
      email: "",
    }),
    appCredential: null,
  });
  return clientCaller(name, api, null);
}

/**
 * The embedded editor of another document (issue 30): a token the owner made for a template of the
 * team that no row acts on, signing every call (public ones included) as the editor's frame does.
 * It must reach nothing: neither another template nor any envelope, nor any call outside the
 * editor's.
 */
async function embedTokenCaller(h: IdentityHarness, owner: TeamMember): Promise<MatrixCaller> {
  const template = await owner.api.template.create({
    title: "Matrix embedded template",
    files: [{ filename: "Embedded.pdf", data: await tinyPdf(1, "Embedded") }],
  });
  const { token } = await owner.api.embed.createToken({
    templateUuid: template.uuid,
    expiresIn: 3600,
  });
  const credential = parseEmbedToken(token);
  if (credential === null) throw new Error("the api gave no embed token");
  const api = h.client({
    credential: () => ({ ...credential, email: "" }),
    appCredential: null,
  });
  return clientCaller("embedToken", api, null);
}

/**
 * The callers and records of the matrix: the owner's team with its managed roles, a custom one and
 * a field-limited one, a second workspace, another team, and the signing links of two envelopes.
 */
export async function createMatrixFixture(h: IdentityHarness): Promise<MatrixFixture> {
  const db = h.database.connection.db;
  const owner = await signUpMember(h, "owner", "Matrix team");
  const roles = await db
    .selectFrom("role")
    .select(["id", "name"])
    .where("teamId", "=", owner.teamUuid)
    .execute();
  const roleId = (roleName: string) => {
    const role = roles.find((row) => row.name === roleName);
    if (role === undefined) throw new Error(`the team has no ${roleName} role`);
    return role.id;
  };
  const custom = await db
    .insertInto("role")
    .values({
      teamId: owner.teamUuid,
      name: "Envelope reader",
      origin: "custom",
      permissions: JSON.stringify(CUSTOM_ROLE_RULES),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const fieldLimited = await db
    .insertInto("role")
    .values({
      teamId: owner.teamUuid,
      name: "Members clerk",
      origin: "custom",
      permissions: JSON.stringify(FIELD_LIMITED_ROLE_RULES),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const otherWorkspace = await db
    .insertInto("workspace")
    .values({
      teamId: owner.teamUuid,
      name: "Second workspace",
      color: "#00aa55",
      isDefault: false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const both = [owner.defaultWorkspaceUuid, otherWorkspace.id];
  await db
    .insertInto("workspaceMember")
    .values({ workspaceId: otherWorkspace.id, userId: await userIdOf(h, owner.email) })
    .execute();

  const admin = await joinTeam(h, owner, "admin", () => roleId("Admin"), both);
  const member = await joinTeam(h, owner, "member", () => roleId("Member"), both);
  const viewer = await joinTeam(h, owner, "viewer", () => roleId("Viewer"), both);
  const customRole = await joinTeam(h, owner, "custom", () => custom.id, both);
  const fieldLimitedRole = await joinTeam(h, owner, "clerk", () => fieldLimited.id, both);
  const ssoMember = await joinTeam(h, owner, "federated", () => roleId("Member"), both);
  const outside = await joinTeam(h, owner, "outside", () => roleId("Member"), [otherWorkspace.id]);
  const otherTeam = await signUpMember(h, "stranger", "Other team");

  const sent = async (recipient = uniqueEmail("signer")): Promise<Target> => {
    const envelope = await sentEnvelope(owner, [recipient]);
    return {
      envelopeUuid: envelope.uuid,
      documentUuid: envelope.documents[0]?.uuid ?? "",
      link: await linkFromMail(h, recipient, envelope.uuid),
      // The recipient's uuid, for calls that name a recipient (resend-invitation).
      extra: envelope.recipients[0]?.uuid ?? "",
    };
  };
  const elsewhere = await sent();

  return {
    h,
    owner,
    otherWorkspaceUuid: otherWorkspace.id,
    viewerEmail: viewer.email,
    files: { png: await signaturePng(), pdf: await tinyPdf(1, "Matrix upload") },
    callers: {
      owner: clientCaller("owner", owner.api, null),
      admin: clientCaller("admin", admin.api, null),
      member: clientCaller("member", member.api, null),
      viewer: clientCaller("viewer", viewer.api, null),
      customRole: clientCaller("customRole", customRole.api, null),
      fieldLimitedRole: clientCaller("fieldLimitedRole", fieldLimitedRole.api, null),
      ssoMember: await singleSignOnCaller(h, owner, ssoMember),
      otherTeam: clientCaller("otherTeam", otherTeam.api, null),
      outsideWorkspace: clientCaller("outsideWorkspace", outside.api, null),
      linkOfThisEnvelope: appCredentialCaller(h, "linkOfThisEnvelope", null),
      linkOfAnotherEnvelope: appCredentialCaller(h, "linkOfAnotherEnvelope", elsewhere.link),
      appCredentialOnly: appCredentialCaller(h, "appCredentialOnly", null),
      noCredential: await unsignedCaller(h),
      keyRead: await apiKeyCaller(h, "keyRead", owner),
      keyCreate: await apiKeyCaller(h, "keyCreate", owner),
      keyUpdate: await apiKeyCaller(h, "keyUpdate", owner),
      keyDelete: await apiKeyCaller(h, "keyDelete", owner),
      keyManage: await apiKeyCaller(h, "keyManage", owner),
      keyRevoked: await apiKeyCaller(h, "keyRevoked", owner, true),
      keyOtherTeam: await apiKeyCaller(h, "keyOtherTeam", otherTeam),
      embedToken: await embedTokenCaller(h, owner),
    },
    async draft() {
      const envelope = await sentEnvelopeDraft(owner);
      return {
        envelopeUuid: envelope.uuid,
        documentUuid: envelope.documentUuid,
        link: madeUpLink(envelope.uuid),
        extra: "",
      };
    },
    sent,
  };
}

async function userIdOf(h: IdentityHarness, email: string): Promise<string> {
  const row = await h.database.connection.db
    .selectFrom("appUser")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A draft ready to send: one recipient with one signature field. */
async function sentEnvelopeDraft(
  owner: TeamMember,
): Promise<{ uuid: string; documentUuid: string }> {
  const draft = await owner.api.envelope.upload({
    files: [{ filename: "Draft.pdf", data: await tinyPdf(1) }],
  });
  const withRecipient = await owner.api.envelope.saveRecipients({
    envelopeUuid: draft.uuid,
    recipients: [{ email: uniqueEmail("signer"), firstname: "Sam", lastname: "Signer" }],
  });
  const documentUuid = draft.documents[0]?.uuid ?? "";
  await owner.api.envelope.saveFields({
    envelopeUuid: draft.uuid,
    fields: withRecipient.recipients.map((recipient) => ({
      documentUuid,
      recipientUuid: recipient.uuid,
      page: 0,
      x: 0.1,
      y: 0.6,
      width: 0.4,
      height: 0.1,
      kind: "signature" as const,
    })),
  });
  return { uuid: draft.uuid, documentUuid };
}

/** The target of `row`: a fresh record, or a made-up one for rows that act on the caller alone. */
export async function targetOf(row: MatrixRow, fixture: MatrixFixture): Promise<Target> {
  if (row.target === undefined) {
    const envelopeUuid = randomUUID();
    return { envelopeUuid, documentUuid: randomUUID(), link: madeUpLink(envelopeUuid), extra: "" };
  }
  if (row.target === "draft") return fixture.draft();
  if (row.target === "sent") return fixture.sent();
  return row.target(fixture);
}

/** What the refusals of `row` must leave as it was. */
async function stateOf(row: MatrixRow, fixture: MatrixFixture, target: Target): Promise<unknown> {
  return row.state === undefined ? ownerView(fixture, target) : row.state(target, fixture);
}

/** The target envelope as its owner sees it (null when the target is no envelope of theirs). */
async function ownerView(fixture: MatrixFixture, target: Target): Promise<unknown> {
  const answer = await fixture.callers.owner.call(endpoints.envelope.get, {
    envelopeUuid: target.envelopeUuid,
  });
  return answer.ok ? answer.body : null;
}

export interface RowResult {
  /** What each caller got, as printed in the matrix (with what the row wanted, when it differs). */
  cells: Record<CallerName, string>;
  /** The cells that differ from the row: a leak (an unexpected success) or a wrong refusal. */
  mismatches: string[];
  /** For a row that changes its target: the shared target, as its owner saw it before and after the refusals. */
  sharedTarget: { before: unknown; after: unknown } | null;
}

/**
 * Calls `endpoint` as every caller with the row's input and compares each outcome with the row.
 * Where the call changes its target, each cell expected to succeed gets a fresh one; the refusals
 * share one, which must be left as it was.
 */
export async function runRow(
  fixture: MatrixFixture,
  endpoint: Endpoint,
  row: MatrixRow,
): Promise<RowResult> {
  const shared = await targetOf(row, fixture);
  const before = row.mutates === true ? await stateOf(row, fixture, shared) : null;
  const cells = {} as Record<CallerName, string>;
  const mismatches: string[] = [];
  for (const name of CALLERS) {
    const caller = fixture.callers[name];
    const expected = row.expect[name];
    const target =
      row.mutates === true && expected === "ok" ? await targetOf(row, fixture) : shared;
    const answer = await caller.call(endpoint, row.input(target, caller, fixture));
    const actual = answer.ok
      ? row.reveals === undefined || row.reveals(answer.body, target)
        ? "ok"
        : "hidden"
      : answer.code;
    if (actual === expected) {
      cells[name] = outcomeLabel(expected);
    } else {
      cells[name] = `${outcomeLabel(actual)} (want ${outcomeLabel(expected)})`;
      mismatches.push(`${name}: got ${actual}, the matrix says ${expected}`);
    }
  }
  return {
    cells,
    mismatches,
    sharedTarget:
      row.mutates === true ? { before, after: await stateOf(row, fixture, shared) } : null,
  };
}
