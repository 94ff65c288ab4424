/** Query keys of the retention feature. */
export const retentionKeys = {
  all: ["retention"] as const,
  policy: () => [...retentionKeys.all, "policy"] as const,
};
