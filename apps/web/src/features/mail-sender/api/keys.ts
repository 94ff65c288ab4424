/** Query keys of the mail sender feature. */
export const mailSenderKeys = {
  all: ["mail-sender"] as const,
  detail: () => [...mailSenderKeys.all, "detail"] as const,
};
