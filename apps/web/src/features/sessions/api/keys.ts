/** Query keys of the sessions feature. */
export const sessionListKeys = {
  all: ["sessions"] as const,
  list: () => [...sessionListKeys.all, "list"] as const,
};
