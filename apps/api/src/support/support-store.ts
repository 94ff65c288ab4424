import {
  SUPPORT_MESSAGES_PAGE_SIZE,
  SUPPORT_PREVIEW_LENGTH,
  type SupportConversation,
  type SupportMessage,
} from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Database, SupportConversationRow, SupportMessageRow } from "../db/database";
import { displayName } from "../membership/members";
import { AppError } from "../errors/app-error";

export const conversationNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This support conversation does not exist." });

export const messageView = (row: SupportMessageRow): SupportMessage => ({
  uuid: row.id,
  author: row.authorKind,
  body: row.body,
  at: row.createdAt.toISOString(),
});

/** The member's conversation in the team; undefined before their first message. */
export async function findMemberConversation(
  db: Kysely<Database>,
  teamId: string,
  userId: string,
): Promise<SupportConversationRow | undefined> {
  return db
    .selectFrom("supportConversation")
    .selectAll()
    .where("teamId", "=", teamId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** The conversation, locked for the rest of the transaction; undefined when it does not exist. */
export async function lockConversation(
  trx: Kysely<Database>,
  conversationId: string,
): Promise<SupportConversationRow | undefined> {
  return trx
    .selectFrom("supportConversation")
    .selectAll()
    .where("id", "=", conversationId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The conversation's messages in order: the latest page without `after`, else the ones written
 * after that message (none when `after` is not a message of this conversation).
 */
export async function conversationMessages(
  db: Kysely<Database>,
  conversationId: string,
  after: string | undefined,
): Promise<SupportMessage[]> {
  if (after === undefined) {
    const latest = await db
      .selectFrom("supportMessage")
      .selectAll()
      .where("conversationId", "=", conversationId)
      .orderBy("seq", "desc")
      .limit(SUPPORT_MESSAGES_PAGE_SIZE)
      .execute();
    return latest.reverse().map(messageView);
  }
  const rows = await db
    .selectFrom("supportMessage")
    .selectAll()
    .where("conversationId", "=", conversationId)
    .where("seq", ">", (eb) =>
      eb
        .selectFrom("supportMessage as cursor")
        .select("cursor.seq")
        .where("cursor.id", "=", after)
        .where("cursor.conversationId", "=", conversationId),
    )
    .orderBy("seq", "asc")
    .limit(SUPPORT_MESSAGES_PAGE_SIZE)
    .execute();
  return rows.map(messageView);
}

/** The conversations as operators see them, the most recent first (`id`: one of them only). */
export async function conversationViews(
  db: Kysely<Database>,
  options: { limit: number; id?: string },
): Promise<SupportConversation[]> {
  let query = db
    .selectFrom("supportConversation")
    .innerJoin("team", "team.id", "supportConversation.teamId")
    .innerJoin("appUser", "appUser.id", "supportConversation.userId")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("supportMessage")
          .select(["supportMessage.body", "supportMessage.authorKind"])
          .whereRef("supportMessage.conversationId", "=", "supportConversation.id")
          .orderBy("supportMessage.seq", "desc")
          .limit(1)
          .as("last"),
      (join) => join.onTrue(),
    )
    .select([
      "supportConversation.id",
      "supportConversation.lastMessageAt",
      "team.name as teamName",
      "appUser.email",
      "appUser.firstname",
      "appUser.lastname",
      "last.body as lastBody",
      "last.authorKind as lastAuthor",
    ])
    .select((eb) =>
      eb
        .selectFrom("supportMessage")
        .select(sql<string>`count(*)`.as("n"))
        .whereRef("supportMessage.conversationId", "=", "supportConversation.id")
        .where("supportMessage.authorKind", "=", "member")
        .where((inner) =>
          inner.or([
            inner("supportConversation.operatorReadAt", "is", null),
            inner("supportMessage.createdAt", ">", inner.ref("supportConversation.operatorReadAt")),
          ]),
        )
        .as("unread"),
    );
  if (options.id !== undefined) query = query.where("supportConversation.id", "=", options.id);
  const rows = await query
    .orderBy("supportConversation.lastMessageAt", "desc")
    .orderBy("supportConversation.id")
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    uuid: row.id,
    teamName: row.teamName,
    memberName: displayName(row),
    memberEmail: row.email,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessage: [...row.lastBody].slice(0, SUPPORT_PREVIEW_LENGTH).join(""),
    lastAuthor: row.lastAuthor,
    unread: Number(row.unread ?? 0),
  }));
}
