/** Query keys of the support feature: the member's messages, and the operators' conversations. */
export const supportKeys = {
  all: ["support"] as const,
  messages: () => [...supportKeys.all, "messages"] as const,
  conversations: () => [...supportKeys.all, "operator", "conversations"] as const,
  conversation: (uuid: string) => [...supportKeys.all, "operator", "conversation", uuid] as const,
};
