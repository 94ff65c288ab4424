/**
 * Test helpers for envelopes: members with a team, the signing app's client (app-level credential,
 * authorised by the access link), tiny PDFs, and access links read from the mail outbox. Not part
 * of the server.
 */
import {
  ApiError,
  createApiClient,
  DEFAULT_APP_CREDENTIALS,
  type ApiClient,
} from "@paraphe/api-sdk";
import type { AccessLink, EnvelopeDetail } from "@paraphe/api-sdk/contract";
import { makePdf, makeSignaturePng } from "./documents";
import type { IdentityHarness, Person } from "./identity";
import { socketEnv, TEST_PROXY_ADDRESS, uniqueEmail } from "./identity";
import { outboxMails } from "./outbox";
import { createTestTunnelClient } from "./tunnel";

export interface TeamMember extends Person {
  teamUuid: string;
  defaultWorkspaceUuid: string;
}

/**
 * Adds a new signed-in person to `owner`'s team, member of `workspaceUuids`, with the role
 * `roleFor(their user id)` answers (a role's rules may name the person).
 */
export async function joinTeam(
  h: IdentityHarness,
  owner: TeamMember,
  name: string,
  roleFor: (userId: string) => string | Promise<string>,
  workspaceUuids: readonly string[] = [owner.defaultWorkspaceUuid],
): Promise<TeamMember> {
  const person = await h.login(uniqueEmail(name));
  const db = h.database.connection.db;
  const user = await db
    .selectFrom("appUser")
    .select("id")
    .where("email", "=", person.email)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("teamMember")
    .values({ teamId: owner.teamUuid, userId: user.id, roleId: await roleFor(user.id) })
    .execute();
  await db
    .insertInto("workspaceMember")
    .values(workspaceUuids.map((workspaceId) => ({ workspaceId, userId: user.id })))
    .execute();
  return { ...person, teamUuid: owner.teamUuid, defaultWorkspaceUuid: owner.defaultWorkspaceUuid };
}

/** Signs a new person up and creates their team: a member with the Owner role. */
export async function signUpMember(
  h: IdentityHarness,
  name = "sender",
  team = "Acme Signatures",
): Promise<TeamMember> {
  const person = await h.login(uniqueEmail(name));
  const profile = await person.api.team.create({ name: team, firstname: "Ada", lastname: name });
  return {
    ...person,
    teamUuid: profile.team?.uuid ?? "",
    defaultWorkspaceUuid: profile.team?.defaultWorkspaceUuid ?? "",
  };
}

/** The signing app's client: app-level credential, from `ip` with a browser user agent. */
export function signingClient(
  h: IdentityHarness,
  ip = "198.51.100.7",
  userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile",
): ApiClient {
  return createApiClient({
    baseUrl: "http://api.test",
    // Through the harness's trusted proxy, which forwards `ip`.
    tunnel: createTestTunnelClient(async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("X-Forwarded-For", ip);
      headers.set("User-Agent", userAgent);
      return h.t.app.request(input, { ...init, headers }, socketEnv(TEST_PROXY_ADDRESS));
    }),
    appCredential: DEFAULT_APP_CREDENTIALS.sign,
    credential: () => null,
    now: h.now,
  });
}

/** A small PDF (small pages render quickly), base64. */
export async function tinyPdf(pages = 1, title = "Service agreement"): Promise<string> {
  const bytes = await makePdf({ pages, width: 300, height: 400, title });
  return Buffer.from(bytes).toString("base64");
}

let signature: string | undefined;
export async function signaturePng(): Promise<string> {
  signature ??= Buffer.from(await makeSignaturePng(200, 80)).toString("base64");
  return signature;
}

/** The rejection of a call, as the SDK raises it. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

/** The access link of the newest mail to `email` about `envelopeUuid`, read from the outbox. */
export async function linkFromMail(
  h: IdentityHarness,
  email: string,
  envelopeUuid: string,
): Promise<AccessLink> {
  const mails = await outboxMails(h.database.connection.db, h.t.mailKey, email);
  for (const mail of mails) {
    const match = new RegExp(`/sign/${envelopeUuid}#token=([^&\\s]+)&secret=([^&\\s]+)`).exec(
      mail.text,
    );
    if (match?.[1] !== undefined && match[2] !== undefined) {
      return {
        envelopeUuid,
        token: decodeURIComponent(match[1]),
        secretKey: decodeURIComponent(match[2]),
      };
    }
  }
  throw new Error(`no signing link mailed to ${email}`);
}

/** Mails to `email` (subjects), oldest first. */
export async function mailsTo(h: IdentityHarness, email: string): Promise<string[]> {
  const rows = await h.database.connection.db
    .selectFrom("mailOutbox")
    .select("subject")
    .where("toAddress", "=", email)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.subject);
}

/**
 * A draft of `pages` pages sent to `recipients` (each with one signature field on the first page),
 * in `order`, with reminders every `reminderDays` and expiry at `expiresAt` when given. `approvers`
 * come first, as approvers (no fields): the envelope is then `approving`.
 */
export async function sentEnvelope(
  sender: TeamMember,
  recipients: readonly string[],
  options: {
    order?: "parallel" | "sequential";
    pages?: number;
    title?: string;
    reminderDays?: number;
    expiresAt?: string;
    approvers?: readonly string[];
    /** Viewers after the signers (no fields): they read every page and mark it read. */
    viewers?: readonly string[];
    /** Whether signers may hand their turn to someone else. */
    allowDelegation?: boolean;
    /** The default workspace when left out. */
    workspaceUuid?: string;
  } = {},
): Promise<EnvelopeDetail> {
  const draft = await sender.api.envelope.upload({
    ...(options.workspaceUuid === undefined ? {} : { workspaceUuid: options.workspaceUuid }),
    files: [
      { filename: `${options.title ?? "Agreement"}.pdf`, data: await tinyPdf(options.pages ?? 1) },
    ],
  });
  await sender.api.envelope.update({
    envelopeUuid: draft.uuid,
    options: {
      signingOrder: options.order ?? "parallel",
      ...(options.reminderDays === undefined ? {} : { reminderDays: options.reminderDays }),
      ...(options.expiresAt === undefined ? {} : { expiresAt: options.expiresAt }),
      ...(options.allowDelegation === undefined
        ? {}
        : { allowDelegation: options.allowDelegation }),
    },
  });
  const withRecipients = await sender.api.envelope.saveRecipients({
    envelopeUuid: draft.uuid,
    recipients: [
      ...(options.approvers ?? []).map((email, index) => ({
        email,
        firstname: "Approver",
        lastname: `Number ${index + 1}`,
        kind: "approver" as const,
      })),
      ...recipients.map((email, index) => ({
        email,
        firstname: "Signer",
        lastname: `Number ${index + 1}`,
      })),
      ...(options.viewers ?? []).map((email, index) => ({
        email,
        firstname: "Viewer",
        lastname: `Number ${index + 1}`,
        kind: "viewer" as const,
      })),
    ],
  });
  const documentUuid = draft.documents[0]?.uuid ?? "";
  const signers = withRecipients.recipients.filter((recipient) => recipient.kind === "signer");
  await sender.api.envelope.saveFields({
    envelopeUuid: draft.uuid,
    fields: signers.map((recipient, index) => ({
      documentUuid,
      page: 0,
      x: 0.1,
      y: 0.6 + index * 0.15,
      width: 0.4,
      height: 0.1,
      kind: "signature" as const,
      recipientUuid: recipient.uuid,
    })),
  });
  return sender.api.envelope.send({ envelopeUuid: draft.uuid });
}

/**
 * A draft of `sender`'s in custom order with `people` (by email, kind and step; named Person
 * Number 1, 2...) and a signature field for each signer, one under the other on the first page.
 * Answers the draft as uploaded, as its recipients left it, and its document's uuid.
 */
export async function customOrderDraft(
  sender: TeamMember,
  people: readonly {
    email: string;
    kind: "signer" | "approver" | "cc" | "viewer";
    step: number;
  }[],
): Promise<{ draft: EnvelopeDetail; saved: EnvelopeDetail; documentUuid: string }> {
  const draft = await sender.api.envelope.upload({
    files: [{ filename: "Agreement.pdf", data: await tinyPdf(1) }],
  });
  await sender.api.envelope.update({
    envelopeUuid: draft.uuid,
    options: { signingOrder: "custom" },
  });
  const saved = await sender.api.envelope.saveRecipients({
    envelopeUuid: draft.uuid,
    recipients: people.map((person, index) => ({
      email: person.email,
      firstname: "Person",
      lastname: `Number ${index + 1}`,
      kind: person.kind,
      step: person.step,
    })),
  });
  const documentUuid = draft.documents[0]?.uuid ?? "";
  await sender.api.envelope.saveFields({
    envelopeUuid: draft.uuid,
    fields: saved.recipients
      .filter((recipient) => recipient.kind === "signer")
      .map((recipient, index) => ({
        documentUuid,
        page: 0,
        x: 0.1,
        y: 0.1 + index * 0.2,
        width: 0.3,
        height: 0.1,
        kind: "signature" as const,
        recipientUuid: recipient.uuid,
      })),
  });
  return { draft, saved, documentUuid };
}

/**
 * Serves every page of every document to the link's recipient and marks each read, as the signing
 * page does when the page is on screen.
 */
export async function readEveryPage(signer: ApiClient, link: AccessLink): Promise<void> {
  const opened = await signer.envelope.open(link);
  for (const document of opened.documents) {
    for (let page = 0; page < document.pageCount; page++) {
      await signer.envelope.downloadSignerDocument({ ...link, documentUuid: document.uuid, page });
      await signer.envelope.markPageRead({ ...link, documentUuid: document.uuid, page });
    }
  }
}

export async function sign(signer: ApiClient, link: AccessLink) {
  return signer.envelope.sign({
    ...link,
    signature: { kind: "drawn", image: await signaturePng() },
  });
}
