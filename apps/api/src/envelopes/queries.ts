import type {
  listEnvelopesRequestSchema,
  lookupContactRequestSchema,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type {
  BinaryFile,
  EnvelopeListFilter,
  EnvelopeSummary,
  SigningRequest,
  Workspace,
} from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Database, EnvelopeRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { currentLinkToken, linkSecretKey } from "./access-links";
import type { EnvelopeDeps } from "./envelope-deps";
import { envelopeSubject, findWorkspaceForMember, requirePermission, type Member } from "./members";
import { senderOf, toSummaries } from "./views";

type EnvelopeQuery = SelectQueryBuilder<Database, "envelope", EnvelopeRow>;

/** Envelopes the member may see: their team's, in workspaces they belong to (no template). */
function visibleEnvelopes(db: Kysely<Database>, member: Member): EnvelopeQuery {
  return db
    .selectFrom("envelope")
    .selectAll("envelope")
    .where("envelope.kind", "=", "envelope")
    .where("envelope.teamId", "=", member.teamId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("workspaceMember")
          .select("workspaceMember.userId")
          .whereRef("workspaceMember.workspaceId", "=", "envelope.workspaceId")
          .where("workspaceMember.userId", "=", member.userId),
      ),
    );
}

/**
 * Whether the role reads envelopes under conditions (`{ "ownerId": ... }`): each row is then
 * checked with the ability, as `findEnvelopeForMember` does, so lists never show an envelope that
 * opening would refuse.
 */
function readDependsOnRow(member: Member): boolean {
  return member.ability.rulesFor("read", "Envelope").some((rule) => rule.conditions !== undefined);
}

const readableBy =
  (member: Member) =>
  (envelope: EnvelopeRow): boolean =>
    member.ability.can("read", envelopeSubject(envelope));

const STATUSES_OF_FILTER: Record<EnvelopeListFilter, readonly EnvelopeRow["status"][] | null> = {
  all: null,
  draft: ["draft"],
  signing: ["signing", "approving"],
  complete: ["complete"],
};

/** The keyset cursor after `envelope` (newest change first), opaque to clients. */
export function encodeCursor(envelope: EnvelopeRow): string {
  return encodeKeysetCursor(envelope.updatedAt, envelope.id);
}

/**
 * An opaque keyset cursor for a list ordered by a date then an id, newest first; read back with
 * {@link decodeCursor} (the date comes back as `updatedAt`, whichever date the list orders by).
 */
export function encodeKeysetCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id]), "utf8").toString("base64url");
}

/** The position a cursor of {@link encodeCursor} names; VALIDATION_ERROR when it is not one. */
export function decodeCursor(cursor: string): { updatedAt: Date; id: string } {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [
      unknown,
      unknown,
    ];
    if (
      typeof updatedAt === "string" &&
      typeof id === "string" &&
      /^[0-9a-f-]{36}$/.test(id) &&
      !Number.isNaN(Date.parse(updatedAt))
    ) {
      return { updatedAt: new Date(updatedAt), id };
    }
  } catch {
    // answered below
  }
  throw new AppError("VALIDATION_ERROR", {
    message: "The cursor is not valid.",
    fields: [{ path: "cursor", code: "custom", message: "invalid_cursor" }],
  });
}

/** A page of the envelope list, newest change first (keyset pagination on updated_at, id). */
export async function listEnvelopes(
  { db }: { db: Kysely<Database> },
  member: Member,
  input: z.infer<typeof listEnvelopesRequestSchema>,
): Promise<{ envelopes: EnvelopeSummary[]; nextCursor: string | null }> {
  if (!member.ability.can("read", "Envelope")) return { envelopes: [], nextCursor: null };
  let query = visibleEnvelopes(db, member);
  const statuses = STATUSES_OF_FILTER[input.filter];
  if (statuses !== null) query = query.where("envelope.status", "in", statuses);
  if (input.workspaceUuid !== undefined)
    query = query.where("envelope.workspaceId", "=", input.workspaceUuid);
  const { tagUuid } = input;
  if (tagUuid !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("envelopeTag")
          .select("envelopeTag.tagId")
          .whereRef("envelopeTag.envelopeId", "=", "envelope.id")
          .where("envelopeTag.tagId", "=", tagUuid),
      ),
    );
  }
  if (input.cursor !== undefined) {
    const cursor = decodeCursor(input.cursor);
    query = query.where(
      sql<boolean>`(envelope.updated_at, envelope.id) < (${cursor.updatedAt}, ${cursor.id}::uuid)`,
    );
  }
  const rows = await query
    .orderBy("envelope.updatedAt", "desc")
    .orderBy("envelope.id", "desc")
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  // Rows the role may not read are left out of the page; the cursor still follows the rows read.
  const shown = readDependsOnRow(member) ? page.filter(readableBy(member)) : page;
  return {
    envelopes: await toSummaries(db, shown),
    nextCursor: rows.length > input.limit && last !== undefined ? encodeCursor(last) : null,
  };
}

/**
 * Counts of the member's envelopes, their pending requests and the 5 most recent envelopes.
 *
 * The counts are sums of `envelope_status_count` rows (kept by triggers as envelopes change): a
 * bounded number of rows, one per workspace, owner and status, whatever the envelopes' number. A
 * role that reads envelopes under conditions on the fields those rows hold (team, workspace,
 * owner, status) has each row checked with its ability; conditions on other fields (the title,
 * the id...) are checked on every envelope, as the list does.
 */
export async function dashboard(
  { db }: { db: Kysely<Database> },
  member: Member,
  reach: RequestReach = { acrossTeams: false },
) {
  const readable = member.ability.can("read", "Envelope");
  if (readable && readDependsOnRow(member) && !conditionsOnCountedFields(member)) {
    return dashboardOfReadableRows(db, member, reach);
  }
  const counts = readable ? await countsByStatus(db, member) : new Map<string, number>();
  const count = (...statuses: string[]) =>
    statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  const recent = readable ? await recentReadable(db, member, 5) : [];
  return {
    pendingSignature: count("signing", "approving"),
    inProgress: count("draft", "signing", "approving"),
    completed: count("complete"),
    drafts: count("draft"),
    inboxPending: await inboxPending(db, member, reach),
    recent: await toSummaries(db, recent),
  };
}

/** The fields of an envelope that `envelope_status_count` keeps, as role conditions name them. */
const COUNTED_FIELDS = new Set(["teamId", "workspaceId", "ownerId", "status"]);

/** The field names a CASL (MongoDB-style) condition reads: every key that is not an operator. */
function conditionFieldNames(value: unknown, names: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) conditionFieldNames(item, names);
  } else if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value)) {
      if (!key.startsWith("$")) names.add(key);
      conditionFieldNames(inner, names);
    }
  }
  return names;
}

/** Whether every condition of the member's Envelope read rules names counted fields only. */
function conditionsOnCountedFields(member: Member): boolean {
  return member.ability
    .rulesFor("read", "Envelope")
    .every((rule) =>
      [...conditionFieldNames(rule.conditions ?? {})].every((name) => COUNTED_FIELDS.has(name)),
    );
}

/** The member's visible envelopes by status, from the counts of their workspaces. */
async function countsByStatus(db: Kysely<Database>, member: Member): Promise<Map<string, number>> {
  const inMemberWorkspaces = (eb: ExpressionBuilder<Database, "envelopeStatusCount">) =>
    eb.exists(
      eb
        .selectFrom("workspaceMember")
        .select("workspaceMember.userId")
        .whereRef("workspaceMember.workspaceId", "=", "envelopeStatusCount.workspaceId")
        .where("workspaceMember.userId", "=", member.userId),
    );
  const counts = new Map<string, number>();
  if (!readDependsOnRow(member)) {
    const rows = await db
      .selectFrom("envelopeStatusCount")
      .select(["status", (eb) => eb.fn.sum<string>("count").as("count")])
      .where("teamId", "=", member.teamId)
      .where(inMemberWorkspaces)
      .groupBy("status")
      .execute();
    for (const row of rows) counts.set(row.status, Number(row.count));
    return counts;
  }
  const rows = await db
    .selectFrom("envelopeStatusCount")
    .select(["teamId", "workspaceId", "ownerUserId", "status", "count"])
    .where("teamId", "=", member.teamId)
    .where(inMemberWorkspaces)
    .execute();
  for (const row of rows) {
    const subject = asSubject("Envelope", {
      teamId: row.teamId,
      workspaceId: row.workspaceId,
      ownerId: row.ownerUserId,
      status: row.status,
    });
    if (member.ability.can("read", subject)) {
      counts.set(row.status, (counts.get(row.status) ?? 0) + Number(row.count));
    }
  }
  return counts;
}

/** The `limit` most recently changed envelopes the member may read, read a page at a time. */
async function recentReadable(
  db: Kysely<Database>,
  member: Member,
  limit: number,
): Promise<EnvelopeRow[]> {
  const byRow = readDependsOnRow(member);
  const pageSize = byRow ? 100 : limit;
  const found: EnvelopeRow[] = [];
  let after: EnvelopeRow | undefined;
  for (;;) {
    let query = visibleEnvelopes(db, member);
    if (after !== undefined) {
      const { updatedAt, id } = after;
      query = query.where(
        sql<boolean>`(envelope.updated_at, envelope.id) < (${updatedAt}, ${id}::uuid)`,
      );
    }
    const rows = await query
      .orderBy("envelope.updatedAt", "desc")
      .orderBy("envelope.id", "desc")
      .limit(pageSize)
      .execute();
    found.push(...(byRow ? rows.filter(readableBy(member)) : rows));
    after = rows.at(-1);
    if (found.length >= limit || rows.length < pageSize) return found.slice(0, limit);
  }
}

/** The dashboard of a role that reads envelopes under conditions on other fields: row by row. */
async function dashboardOfReadableRows(db: Kysely<Database>, member: Member, reach: RequestReach) {
  const rows = (
    await visibleEnvelopes(db, member)
      .orderBy("envelope.updatedAt", "desc")
      .orderBy("envelope.id", "desc")
      .execute()
  ).filter(readableBy(member));
  const count = (...statuses: string[]) =>
    rows.filter((row) => statuses.includes(row.status)).length;
  return {
    pendingSignature: count("signing", "approving"),
    inProgress: count("draft", "signing", "approving"),
    completed: count("complete"),
    drafts: count("draft"),
    inboxPending: await inboxPending(db, member, reach),
    recent: await toSummaries(db, rows.slice(0, 5)),
  };
}

/**
 * How far the signing requests of a session's email reach: every team's, or only its own team's.
 * Other teams' requests go only to a session whose email Paraphe proved itself (a sign-in code, or
 * a passkey registered by such a session), never on a team's identity provider's word alone.
 */
export interface RequestReach {
  acrossTeams: boolean;
}

/** The member's signing requests waiting for them. */
async function inboxPending(
  db: Kysely<Database>,
  member: Member,
  reach: RequestReach,
): Promise<number> {
  let query = db
    .selectFrom("recipient")
    .innerJoin("envelope", "envelope.id", "recipient.envelopeId")
    .select((eb) => eb.fn.countAll<string>().as("count"));
  if (!reach.acrossTeams) query = query.where("envelope.teamId", "=", member.teamId);
  const inbox = await query
    .where("envelope.kind", "=", "envelope")
    .where("recipient.email", "=", member.email)
    .where("recipient.status", "=", "pending")
    // Invited approvers act while it is approving, invited signers while it is being signed.
    .where("envelope.status", "in", ["signing", "approving"])
    .where("recipient.invitedAt", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(inbox.count);
}

/**
 * The signing requests addressed to the person `userId` (by their email), across every team's
 * envelopes (spec §3 signing request) when `reach` allows it, otherwise in their own team only
 * (none without a team): those the recipient was invited to, pending ones first, then newest
 * first. AUTHENTICATION_ERROR when the person is gone.
 */
export async function listRequestsOfUser(
  deps: EnvelopeDeps,
  userId: string,
  reach: RequestReach,
): Promise<SigningRequest[]> {
  const user = await deps.db
    .selectFrom("appUser")
    .leftJoin("teamMember", "teamMember.userId", "appUser.id")
    .select(["appUser.email", "teamMember.teamId"])
    .where("appUser.id", "=", userId)
    .executeTakeFirst();
  if (user === undefined) throw new AppError("AUTHENTICATION_ERROR");
  if (!reach.acrossTeams && user.teamId === null) return [];
  return listRequests(deps, user.email, reach.acrossTeams ? null : user.teamId);
}

/**
 * The signing requests addressed to `email` (see `listRequestsOfUser`), of the team `teamId` only
 * unless it is null.
 */
async function listRequests(
  deps: EnvelopeDeps,
  email: string,
  teamId: string | null,
): Promise<SigningRequest[]> {
  let query = deps.db
    .selectFrom("recipient")
    .innerJoin("envelope", "envelope.id", "recipient.envelopeId")
    .selectAll("envelope")
    .select([
      "recipient.id as recipientId",
      "recipient.status as recipientStatus",
      "recipient.kind as recipientKind",
      "recipient.linkVersion",
      "recipient.linkCreatedAt",
    ]);
  if (teamId !== null) query = query.where("envelope.teamId", "=", teamId);
  const rows = await query
    .where("envelope.kind", "=", "envelope")
    .where("recipient.email", "=", email.toLowerCase())
    .where("recipient.invitedAt", "is not", null)
    .where("envelope.status", "!=", "draft")
    .orderBy(
      sql`CASE WHEN recipient.status = 'pending' AND envelope.status IN ('signing', 'approving') THEN 0 ELSE 1 END`,
    )
    .orderBy("recipient.linkCreatedAt", "desc")
    .execute();
  const requests: SigningRequest[] = [];
  for (const row of rows) {
    const sender = await senderOf(deps.db, row);
    const documents = await deps.db
      .selectFrom("envelopeDocument")
      .leftJoin("documentPreview", (join) =>
        join
          .onRef("documentPreview.documentId", "=", "envelopeDocument.id")
          .on("documentPreview.page", "=", 0),
      )
      .select(["envelopeDocument.id", "documentPreview.blobKey", "documentPreview.contentType"])
      .where("envelopeDocument.envelopeId", "=", row.id)
      .orderBy("envelopeDocument.position")
      .execute();
    const previews = [];
    for (const [index, document] of documents.entries()) {
      // The card shows the first page of the first document; the others stay light.
      let preview: string | null = null;
      if (index === 0 && document.blobKey !== null) {
        const blob = await deps.blobStore.get(document.blobKey);
        if (blob !== null) {
          preview = `data:${blob.contentType};base64,${Buffer.from(blob.bytes).toString("base64")}`;
        }
      }
      previews.push({ uuid: document.id, preview });
    }
    const token = await currentLinkToken(deps.db, deps.linkKey, {
      id: row.recipientId,
      linkVersion: row.linkVersion,
    });
    requests.push({
      envelopeUuid: row.id,
      envelopeTitle: row.title,
      envelopeStatus: row.status,
      recipientStatus: row.recipientStatus,
      recipientKind: row.recipientKind,
      sender: { name: sender.name, email: sender.email },
      recipientLink: {
        token,
        secretKey: linkSecretKey(deps.linkKey, token),
        creationDate: (row.linkCreatedAt ?? row.createdAt).toISOString(),
      },
      documents: previews,
    });
  }
  return requests;
}

/** The member's workspaces (of their team, that they belong to). */
export async function listWorkspaces(
  { db }: { db: Kysely<Database> },
  member: Member,
): Promise<Workspace[]> {
  const rows = await db
    .selectFrom("workspace")
    .innerJoin("workspaceMember", "workspaceMember.workspaceId", "workspace.id")
    .selectAll("workspace")
    .select((eb) =>
      eb
        .selectFrom("workspaceMember as wm")
        .select((inner) => inner.fn.countAll<string>().as("n"))
        .whereRef("wm.workspaceId", "=", "workspace.id")
        .as("memberCount"),
    )
    .where("workspace.teamId", "=", member.teamId)
    .where("workspaceMember.userId", "=", member.userId)
    .orderBy("workspace.isDefault", "desc")
    .orderBy("workspace.name")
    .execute();
  return rows.map((row) => ({
    uuid: row.id,
    name: row.name,
    color: row.color,
    isDefault: row.isDefault,
    memberCount: Number(row.memberCount ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function lookupContact(
  { db }: { db: Kysely<Database> },
  member: Member,
  input: z.infer<typeof lookupContactRequestSchema>,
) {
  requirePermission(member, "read", "Contact");
  const workspace = await findWorkspaceForMember(db, member, input.workspaceUuid);
  const contact = await db
    .selectFrom("contact")
    .select(["email", "firstname", "lastname", "phone"])
    .where("workspaceId", "=", workspace.id)
    .where("email", "=", input.email)
    .executeTakeFirst();
  return { contact: contact ?? null };
}

/** A stored file as the binary-file answer (base64). */
export async function binaryFile(
  blobStore: BlobStore,
  key: string,
  filename: string,
): Promise<BinaryFile> {
  const blob = await blobStore.get(key);
  if (blob === null) throw new AppError("NOT_FOUND", { message: "This file is not available." });
  return {
    filename,
    contentType: blob.contentType,
    data: Buffer.from(blob.bytes).toString("base64"),
  };
}

/** The preview image of one page of one of the envelope's documents. */
export async function pagePreview(
  { db }: { db: Kysely<Database> },
  blobStore: BlobStore,
  envelopeId: string,
  documentId: string | undefined,
  page: number,
): Promise<BinaryFile & { documentId: string }> {
  let query = db
    .selectFrom("envelopeDocument")
    .innerJoin("documentPreview", "documentPreview.documentId", "envelopeDocument.id")
    .select([
      "envelopeDocument.id",
      "envelopeDocument.filename",
      "documentPreview.blobKey",
      "documentPreview.contentType",
    ])
    .where("envelopeDocument.envelopeId", "=", envelopeId)
    .where("documentPreview.page", "=", page);
  query =
    documentId === undefined
      ? query.where("envelopeDocument.position", "=", 0)
      : query.where("envelopeDocument.id", "=", documentId);
  const row = await query.executeTakeFirst();
  if (row === undefined) {
    throw new AppError("NOT_FOUND", { message: "This page does not exist in the document." });
  }
  const extension = row.contentType === "image/webp" ? "webp" : "png";
  const base = row.filename.replace(/\.pdf$/i, "");
  return {
    ...(await binaryFile(blobStore, row.blobKey, `${base}-page-${page + 1}.${extension}`)),
    documentId: row.id,
  };
}

/** One of the envelope's documents: its original, or its sealed copy once sealed. */
export async function documentFile(
  { db }: { db: Kysely<Database> },
  blobStore: BlobStore,
  envelopeId: string,
  documentId: string | undefined,
  kind: "original" | "sealed",
): Promise<BinaryFile> {
  let query = db.selectFrom("envelopeDocument").selectAll().where("envelopeId", "=", envelopeId);
  query =
    documentId === undefined ? query.where("position", "=", 0) : query.where("id", "=", documentId);
  const document = await query.executeTakeFirst();
  if (document === undefined) {
    throw new AppError("NOT_FOUND", { message: "This document does not exist in the envelope." });
  }
  if (kind === "sealed") {
    if (document.sealedBlobKey === null) {
      throw new AppError("CONFLICT", {
        message: "The sealed document exists once everyone has signed.",
        reason: "not_complete",
      });
    }
    const base = document.filename.replace(/\.pdf$/i, "");
    return binaryFile(blobStore, document.sealedBlobKey, `${base}-signed.pdf`);
  }
  return binaryFile(blobStore, document.blobKey, document.filename);
}
