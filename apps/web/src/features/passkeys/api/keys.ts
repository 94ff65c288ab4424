/** Query keys of the passkeys feature. */
export const passkeyKeys = {
  all: ["passkeys"] as const,
  list: () => [...passkeyKeys.all, "list"] as const,
};
