/** Query keys of the editable messages feature. */
export const mailTextKeys = {
  all: ["mail-texts"] as const,
  list: () => [...mailTextKeys.all, "list"] as const,
};
