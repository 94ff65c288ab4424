import {
  SUPPORT_CONVERSATIONS_PAGE_SIZE,
  type SupportConversation,
  type SupportConversationDetail,
  type SupportMessage,
} from "@paraphe/api-sdk/contract";
import { enqueueMail } from "../mail/outbox";
import { supportAnswerMail } from "./answer-mail";
import type { SupportDeps } from "./support-deps";
import {
  conversationMessages,
  conversationNotFound,
  conversationViews,
  lockConversation,
  messageView,
} from "./support-store";

/*
 * The operators' side of support: every conversation of every team, the most recent first; opening
 * one marks the member's messages read; an answer is mailed to the member in the same transaction.
 * The caller is checked with `requireOperator` before any of these.
 */

/** The most recent conversations. */
export async function listConversations(deps: SupportDeps): Promise<SupportConversation[]> {
  return conversationViews(deps.db, { limit: SUPPORT_CONVERSATIONS_PAGE_SIZE });
}

async function conversationView(
  deps: SupportDeps,
  conversationId: string,
): Promise<SupportConversation> {
  const [conversation] = await conversationViews(deps.db, { limit: 1, id: conversationId });
  if (conversation === undefined) throw conversationNotFound();
  return conversation;
}

/** One conversation with its messages (after `after` when given), now read by the operators. */
export async function getConversation(
  deps: SupportDeps,
  conversationId: string,
  after: string | undefined,
): Promise<SupportConversationDetail> {
  const updated = await deps.db
    .updateTable("supportConversation")
    .set({ operatorReadAt: new Date(deps.now()) })
    .where("id", "=", conversationId)
    .returning("id")
    .executeTakeFirst();
  if (updated === undefined) throw conversationNotFound();
  return {
    conversation: await conversationView(deps, conversationId),
    messages: await conversationMessages(deps.db, conversationId, after),
  };
}

/** An operator's answer, and the mail telling the member, both or neither. */
export async function replyToConversation(
  deps: SupportDeps,
  operatorUserId: string,
  conversationId: string,
  body: string,
): Promise<SupportMessage> {
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, conversationId);
    if (conversation === undefined) throw conversationNotFound();
    const member = await trx
      .selectFrom("appUser")
      .select(["email", "preferredLanguage"])
      .where("id", "=", conversation.userId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto("supportMessage")
      .values({
        conversationId,
        authorKind: "operator",
        authorUserId: operatorUserId,
        body,
        createdAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("supportConversation")
      .set({ lastMessageAt: at, operatorReadAt: at })
      .where("id", "=", conversationId)
      .execute();
    await enqueueMail(
      trx,
      deps.mailKey,
      supportAnswerMail({
        to: member.email,
        language: member.preferredLanguage,
        answer: body,
        link: new URL("/settings/support", deps.config.webUrl).toString(),
      }),
    );
    return messageView(row);
  });
}
