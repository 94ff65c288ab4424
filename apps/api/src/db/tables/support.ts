import type { ColumnType, Generated, Selectable } from "kysely";
import type { GeneratedTimestamp, Timestamp } from "./columns";

/** A member's conversation with support, in one team (spec §2 `/settings/support`). */
export interface SupportConversationTable {
  id: Generated<string>;
  teamId: string;
  userId: string;
  /** When its last message was written (the operators' list is sorted by it). */
  lastMessageAt: GeneratedTimestamp;
  /** When the member last read it. */
  memberReadAt: Timestamp | null;
  /** When an operator last read it: the member's later messages are unread. */
  operatorReadAt: Timestamp | null;
  createdAt: GeneratedTimestamp;
}

/** A message of a support conversation, by the member or by an operator. */
export interface SupportMessageTable {
  id: Generated<string>;
  /** The order of the conversation (the `after` cursor). */
  seq: ColumnType<string, never, never>;
  conversationId: string;
  authorKind: "member" | "operator";
  authorUserId: string | null;
  /** 1 to 4000 characters. */
  body: string;
  createdAt: GeneratedTimestamp;
}

export type SupportConversationRow = Selectable<SupportConversationTable>;

export type SupportMessageRow = Selectable<SupportMessageTable>;
