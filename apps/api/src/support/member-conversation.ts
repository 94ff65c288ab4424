import type { ListSupportMessagesResponse, SupportMessage } from "@paraphe/api-sdk/contract";
import type { Member } from "../membership/members";
import { isSupportOperator } from "./operators";
import type { SupportDeps } from "./support-deps";
import { conversationMessages, findMemberConversation, messageView } from "./support-store";

/*
 * A member's conversation with support (spec §2 `/settings/support`): one per member and team,
 * created by their first message. Reading it marks it read for the member.
 */

/** The member's messages with support (after `after` when given), and whether they operate it. */
export async function listMemberMessages(
  deps: SupportDeps,
  member: Member,
  after: string | undefined,
): Promise<ListSupportMessagesResponse> {
  const operator = isSupportOperator(deps.config, member.email);
  const conversation = await findMemberConversation(deps.db, member.teamId, member.userId);
  if (conversation === undefined) return { messages: [], operator };
  const messages = await conversationMessages(deps.db, conversation.id, after);
  if (messages.length > 0) {
    await deps.db
      .updateTable("supportConversation")
      .set({ memberReadAt: new Date(deps.now()) })
      .where("id", "=", conversation.id)
      .execute();
  }
  return { messages, operator };
}

/** A message of the member to support; the conversation starts with the first one. */
export async function sendMemberMessage(
  deps: SupportDeps,
  member: Member,
  body: string,
): Promise<SupportMessage> {
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const conversation = await trx
      .insertInto("supportConversation")
      .values({
        teamId: member.teamId,
        userId: member.userId,
        lastMessageAt: at,
        memberReadAt: at,
        createdAt: at,
      })
      .onConflict((oc) =>
        oc
          .constraint("support_conversation_member_unique")
          .doUpdateSet({ lastMessageAt: at, memberReadAt: at }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto("supportMessage")
      .values({
        conversationId: conversation.id,
        authorKind: "member",
        authorUserId: member.userId,
        body,
        createdAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return messageView(row);
  });
}
