/** Query keys of the embedding feature. */
export const embeddingKeys = {
  all: ["embedding"] as const,
  settings: () => [...embeddingKeys.all, "settings"] as const,
};
