import {
  DATA_EXPORT_MAX_ENVELOPES,
  DATA_EXPORT_MAX_FILES,
  DATA_EXPORT_TTL_DAYS,
} from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { DataExportFileRow, Database } from "../db/database";
import type { ErasureDeps } from "./erasure-deps";

const DAY_MS = 24 * 60 * 60_000;

type BuildDeps = Pick<ErasureDeps, "db" | "blobStore" | "logger" | "now">;

/** The blob key of an export's JSON file. */
export function dataExportBlobKey(exportId: string): string {
  return `exports/${exportId}/data.json`;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Prepares the pending export `exportId` (the `build-data-export` job): the person's profile,
 * sessions (no access keys), passkeys (no keys), memberships, and the envelopes they sent (in
 * their current team) or signed, DATA_EXPORT_MAX_ENVELOPES at most, as one JSON file; and the list
 * of the PDFs they may see (the documents of the envelopes they sent, the signed documents of the
 * completed envelopes they signed), DATA_EXPORT_MAX_FILES at most, read from the envelopes' files
 * when downloaded. Nothing is done for an export that is not pending (a job run twice).
 */
export async function buildDataExport(deps: BuildDeps, exportId: string): Promise<void> {
  const row = await deps.db
    .selectFrom("dataExport")
    .select(["id", "userId", "status"])
    .where("id", "=", exportId)
    .executeTakeFirst();
  if (row?.status !== "pending") return;
  const at = new Date(deps.now());
  const data = await collect(deps.db, row.userId);
  const key = dataExportBlobKey(exportId);
  const json = JSON.stringify({ exportedAt: at.toISOString(), ...data.json }, null, 2);
  await deps.blobStore.put(key, new TextEncoder().encode(json), {
    contentType: "application/json",
  });
  await deps.db
    .updateTable("dataExport")
    .set({
      status: "ready",
      blobKey: key,
      files: JSON.stringify(data.files),
      truncated: data.truncated,
      readyAt: at,
      expiresAt: new Date(at.getTime() + DATA_EXPORT_TTL_DAYS * DAY_MS),
    })
    .where("id", "=", exportId)
    .where("status", "=", "pending")
    .execute();
  deps.logger.info({ exportId, files: data.files.length }, "data export ready");
}

/** Marks the export failed (its job gave up). */
export async function failDataExport(db: Kysely<Database>, exportId: string): Promise<void> {
  await db
    .updateTable("dataExport")
    .set({ status: "failed" })
    .where("id", "=", exportId)
    .where("status", "=", "pending")
    .execute();
}

async function collect(db: Kysely<Database>, userId: string) {
  const user = await db
    .selectFrom("appUser")
    .select([
      "email",
      "firstname",
      "lastname",
      "phone",
      "preferredLanguage",
      "emailVerifiedAt",
      "createdAt",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const sessions = await db
    .selectFrom("userSession")
    .select(["ipAddress", "platform", "userAgent", "method", "createdAt", "lastUsedAt", "endedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  const passkeys = await db
    .selectFrom("passkey")
    .select(["deviceType", "backedUp", "transports", "createdAt", "lastUsedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  const membership = await db
    .selectFrom("teamMember")
    .innerJoin("team", "team.id", "teamMember.teamId")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select(["team.id as teamId", "team.name as team", "role.name as role", "teamMember.joinedAt"])
    .where("teamMember.userId", "=", userId)
    .executeTakeFirst();
  const workspaces = await db
    .selectFrom("workspaceMember")
    .innerJoin("workspace", "workspace.id", "workspaceMember.workspaceId")
    .select(["workspace.name", "workspaceMember.joinedAt"])
    .where("workspaceMember.userId", "=", userId)
    .orderBy("workspace.name")
    .execute();

  // The envelopes they sent, in their current team (those of a team they left are its own now).
  const sent =
    membership === undefined
      ? []
      : await db
          .selectFrom("envelope")
          .select([
            "id",
            "title",
            "status",
            "createdAt",
            "sentAt",
            "completedAt",
            "canceledAt",
            "documentsDeletedAt",
          ])
          .where("ownerUserId", "=", userId)
          .where("teamId", "=", membership.teamId)
          .where("kind", "=", "envelope")
          .orderBy("createdAt", "desc")
          .limit(DATA_EXPORT_MAX_ENVELOPES + 1)
          .execute();
  const signed = await db
    .selectFrom("recipient")
    .innerJoin("envelope", "envelope.id", "recipient.envelopeId")
    .innerJoin("team", "team.id", "envelope.teamId")
    .select([
      "envelope.id",
      "envelope.title",
      "envelope.status",
      "envelope.completedAt",
      "envelope.documentsDeletedAt",
      "team.name as team",
      "recipient.status as recipientStatus",
      "recipient.signedAt",
    ])
    .where(sql<string>`lower(recipient.email)`, "=", user.email.toLowerCase())
    .where("envelope.kind", "=", "envelope")
    .where("envelope.status", "!=", "draft")
    .orderBy("envelope.createdAt", "desc")
    .limit(DATA_EXPORT_MAX_ENVELOPES + 1)
    .execute();
  let truncated = sent.length + signed.length > DATA_EXPORT_MAX_ENVELOPES;
  const sentKept = sent.slice(0, DATA_EXPORT_MAX_ENVELOPES);
  const signedKept = signed.slice(0, DATA_EXPORT_MAX_ENVELOPES - sentKept.length);

  const envelopeIds = [...new Set([...sentKept, ...signedKept].map((envelope) => envelope.id))];
  const documents =
    envelopeIds.length === 0
      ? []
      : await db
          .selectFrom("envelopeDocument")
          .select(["envelopeId", "filename", "sha256", "blobKey", "sealedBlobKey", "sealedSha256"])
          .where("envelopeId", "in", envelopeIds)
          .orderBy("envelopeId")
          .orderBy("position")
          .execute();
  const recipients =
    sentKept.length === 0
      ? []
      : await db
          .selectFrom("recipient")
          .select(["envelopeId", "email", "firstname", "lastname", "status", "signedAt"])
          .where(
            "envelopeId",
            "in",
            sentKept.map((envelope) => envelope.id),
          )
          .orderBy("position")
          .execute();
  const documentsOf = (envelopeId: string) => documents.filter((d) => d.envelopeId === envelopeId);

  const files: DataExportFileRow[] = [];
  const listed: { index: number; envelopeUuid: string; kind: string; sha256: string }[] = [];
  const addFile = (
    envelope: { id: string; title: string },
    kind: "original" | "signed",
    filename: string,
    blobKey: string,
    sha256: string,
  ) => {
    if (files.length >= DATA_EXPORT_MAX_FILES) {
      truncated = true;
      return;
    }
    const base = filename.replace(/\.pdf$/i, "");
    const name = kind === "signed" ? `${base}-signed.pdf` : `${base}.pdf`;
    listed.push({ index: files.length, envelopeUuid: envelope.id, kind, sha256 });
    files.push({ filename: name, envelopeTitle: envelope.title, blobKey });
  };
  for (const envelope of sentKept) {
    if (envelope.documentsDeletedAt !== null) continue;
    for (const document of documentsOf(envelope.id)) {
      addFile(envelope, "original", document.filename, document.blobKey, document.sha256);
      if (document.sealedBlobKey !== null) {
        const hash = document.sealedSha256 ?? "";
        addFile(envelope, "signed", document.filename, document.sealedBlobKey, hash);
      }
    }
  }
  for (const envelope of signedKept) {
    if (envelope.status !== "complete" || envelope.documentsDeletedAt !== null) continue;
    for (const document of documentsOf(envelope.id)) {
      if (document.sealedBlobKey === null) continue;
      const hash = document.sealedSha256 ?? "";
      addFile(envelope, "signed", document.filename, document.sealedBlobKey, hash);
    }
  }

  const json = {
    profile: {
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      phone: user.phone,
      preferredLanguage: user.preferredLanguage,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
    },
    sessions: sessions.map((session) => ({
      ipAddress: session.ipAddress,
      platform: session.platform,
      userAgent: session.userAgent,
      method: session.method,
      createdAt: iso(session.createdAt),
      lastUsedAt: iso(session.lastUsedAt),
      endedAt: iso(session.endedAt),
    })),
    passkeys: passkeys.map((passkey) => ({
      deviceType: passkey.deviceType,
      backedUp: passkey.backedUp,
      transports: passkey.transports,
      createdAt: iso(passkey.createdAt),
      lastUsedAt: iso(passkey.lastUsedAt),
    })),
    membership:
      membership === undefined
        ? null
        : {
            team: membership.team,
            role: membership.role,
            joinedAt: iso(membership.joinedAt),
            workspaces: workspaces.map((workspace) => ({
              name: workspace.name,
              joinedAt: iso(workspace.joinedAt),
            })),
          },
    envelopesSent: sentKept.map((envelope) => ({
      uuid: envelope.id,
      title: envelope.title,
      status: envelope.status,
      createdAt: iso(envelope.createdAt),
      sentAt: iso(envelope.sentAt),
      completedAt: iso(envelope.completedAt),
      canceledAt: iso(envelope.canceledAt),
      documentsDeletedAt: iso(envelope.documentsDeletedAt),
      documents: documentsOf(envelope.id).map((document) => ({
        filename: document.filename,
        sha256: document.sha256,
        signedSha256: document.sealedSha256,
      })),
      recipients: recipients
        .filter((recipient) => recipient.envelopeId === envelope.id)
        .map((recipient) => ({
          email: recipient.email,
          firstname: recipient.firstname,
          lastname: recipient.lastname,
          status: recipient.status,
          signedAt: iso(recipient.signedAt),
        })),
    })),
    envelopesSigned: signedKept.map((envelope) => ({
      uuid: envelope.id,
      title: envelope.title,
      team: envelope.team,
      status: envelope.status,
      yourStatus: envelope.recipientStatus,
      signedAt: iso(envelope.signedAt),
      completedAt: iso(envelope.completedAt),
    })),
    files: listed.map((file, index) => ({ ...file, filename: files[index]?.filename ?? "" })),
    truncated,
  };
  return { json, files, truncated };
}
