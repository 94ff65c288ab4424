/**
 * The access matrix (architecture §7): for every endpoint of the contract, what each caller gets.
 * A new endpoint adds one entry here (its target, its input, its expectations); the suite fails
 * while an endpoint of the contract has none. See "The access matrix" in the api's README.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { AccessLink, Endpoints } from "@paraphe/api-sdk/contract";
import { readEveryPage, signingClient } from "./envelopes";
import { uniqueEmail } from "./identity";
import {
  madeUpLink,
  type CallerName,
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
 * A member call (session credential): the team's callers and the two outsiders as given; every
 * caller without a session (links, the app credential, nothing) gets AUTHENTICATION_ERROR.
 */
function memberCall(
  team: Readonly<Record<TeamCaller, Outcome>>,
  outsiders: Readonly<Record<Outsider, Outcome>>,
): Record<CallerName, Outcome> {
  return {
    ...team,
    ...outsiders,
    linkOfThisEnvelope: AUTH,
    linkOfAnotherEnvelope: AUTH,
    appCredentialOnly: AUTH,
    noCredential: AUTH,
  };
}

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

/** A public call any app makes (app-level credential): refused only without a credential. */
const publicCall = (outcome: Outcome): Record<CallerName, Outcome> => ({
  ...anySession(outcome),
  linkOfThisEnvelope: outcome,
  linkOfAnotherEnvelope: outcome,
  appCredentialOnly: outcome,
  noCredential: AUTH,
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

/** A sent envelope whose recipient has read every page (so that they may sign). */
async function sentAndRead(fixture: MatrixFixture): Promise<Target> {
  const target = await fixture.sent();
  await readEveryPage(signingClient(fixture.h), target.link);
  return target;
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
    get: { target: "sent", input: ref, expect: readRecord },
    update: {
      target: "draft",
      mutates: true,
      input: (target) => ({ ...ref(target), title: "Renamed by the matrix" }),
      expect: changeEnvelope,
    },
    saveRecipients: {
      target: "draft",
      mutates: true,
      input: (target) => ({
        ...ref(target),
        recipients: [{ email: uniqueEmail("replaced"), firstname: "Rae", lastname: "Placed" }],
      }),
      expect: changeEnvelope,
    },
    saveFields: {
      target: "draft",
      mutates: true,
      input: (target) => ({ ...ref(target), fields: [] }),
      expect: changeEnvelope,
    },
    send: { target: "draft", mutates: true, input: ref, expect: changeEnvelope },
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
    pagePreview: {
      target: "draft",
      input: (target) => ({ ...ref(target), documentUuid: target.documentUuid, page: 0 }),
      expect: readRecord,
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
  },
  workspace: {
    list: {
      target: (fixture) =>
        Promise.resolve({ ...madeUpTarget(), extra: fixture.owner.defaultWorkspaceUuid }),
      input: () => ({}),
      reveals: (answer, target) => JSON.stringify(answer).includes(`"uuid":"${target.extra}"`),
      expect: listRecords,
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
};

/** The row of `group.name`, or undefined when the matrix has none. */
export function matrixRow(group: string, name: string): MatrixRow | undefined {
  const rows: Readonly<
    Record<string, Readonly<Record<string, MatrixRow | undefined>> | undefined>
  > = accessMatrix;
  return rows[group]?.[name];
}
