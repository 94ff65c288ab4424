import type { SigningRequest } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { currentLinkToken, linkSecretKey } from "./access-links";
import type { EnvelopeDeps } from "./envelope-deps";
import { type Member } from "../membership/members";
import { senderOf } from "./views";

/**
 * How far the signing requests of a session's email reach: every team's, or only its own team's.
 * Other teams' requests go only to a session whose email Paraphe proved itself (a sign-in code, or
 * a passkey registered by such a session), never on a team's identity provider's word alone.
 */
export interface RequestReach {
  acrossTeams: boolean;
}

/** The member's signing requests waiting for them. */
export async function inboxPending(
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
