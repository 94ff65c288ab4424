import { z } from "zod";

/**
 * Requests and answers of support (spec §2 `/settings/support`): each member of a team has one
 * conversation with the platform's support; operators (accounts named by the api's
 * SUPPORT_OPERATORS) list the conversations and answer them. The page polls `list-messages` with
 * the `after` cursor to show answers without a reload.
 */

/** Characters of one message. */
export const SUPPORT_MESSAGE_MAX_LENGTH = 4000;
/** Messages of one answer (the latest ones without a cursor, the next ones after it). */
export const SUPPORT_MESSAGES_PAGE_SIZE = 200;
/** Conversations listed for operators (the most recent ones). */
export const SUPPORT_CONVERSATIONS_PAGE_SIZE = 200;
/** Characters of the last message shown in the operators' list. */
export const SUPPORT_PREVIEW_LENGTH = 140;

const uuid = z.uuid();
const isoDate = z.iso.datetime();

export const SUPPORT_AUTHOR_KINDS = ["member", "operator"] as const;
export type SupportAuthorKind = (typeof SUPPORT_AUTHOR_KINDS)[number];

export const supportMessageBodySchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: "too_long" });

export const supportMessageSchema = z.object({
  uuid,
  author: z.enum(SUPPORT_AUTHOR_KINDS),
  body: z.string(),
  at: isoDate,
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

// POST /support/list-messages: the caller's conversation with support in their current team.
export const listSupportMessagesRequestSchema = z.object({
  /** The last message the page has: only later ones are answered. */
  after: uuid.optional(),
});
export type ListSupportMessagesRequest = z.input<typeof listSupportMessagesRequestSchema>;
export const listSupportMessagesResponseSchema = z.object({
  messages: z.array(supportMessageSchema),
  /** Whether the caller is a support operator (the operators' page is theirs). */
  operator: z.boolean(),
});
export type ListSupportMessagesResponse = z.infer<typeof listSupportMessagesResponseSchema>;

// POST /support/send: a message of the caller to support.
export const sendSupportMessageRequestSchema = z.object({ body: supportMessageBodySchema });
export type SendSupportMessageRequest = z.input<typeof sendSupportMessageRequestSchema>;
export const supportMessageResponseSchema = z.object({ message: supportMessageSchema });

export const supportConversationSchema = z.object({
  uuid,
  teamName: z.string(),
  memberName: z.string(),
  memberEmail: z.string(),
  lastMessageAt: isoDate,
  /** The start of the last message. */
  lastMessage: z.string(),
  lastAuthor: z.enum(SUPPORT_AUTHOR_KINDS),
  /** Messages of the member that no operator has opened yet. */
  unread: z.number().int().min(0),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

// POST /support/operator/list-conversations (operators only): the most recent first.
export const listSupportConversationsRequestSchema = z.object({});
export const listSupportConversationsResponseSchema = z.object({
  conversations: z.array(supportConversationSchema),
});
export type ListSupportConversationsResponse = z.infer<
  typeof listSupportConversationsResponseSchema
>;

// POST /support/operator/get (operators only): one conversation and its messages.
export const getSupportConversationRequestSchema = z.object({
  conversationUuid: uuid,
  after: uuid.optional(),
});
export type GetSupportConversationRequest = z.input<typeof getSupportConversationRequestSchema>;
export const supportConversationDetailSchema = z.object({
  conversation: supportConversationSchema,
  messages: z.array(supportMessageSchema),
});
export type SupportConversationDetail = z.infer<typeof supportConversationDetailSchema>;

// POST /support/operator/reply (operators only): the member is told by mail.
export const replySupportRequestSchema = z.object({
  conversationUuid: uuid,
  body: supportMessageBodySchema,
});
export type ReplySupportRequest = z.input<typeof replySupportRequestSchema>;
