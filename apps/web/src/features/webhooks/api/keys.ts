/** Query keys of the webhooks feature: the endpoints and each endpoint's deliveries. */
export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  deliveries: (endpointUuid: string) => [...webhookKeys.all, "deliveries", endpointUuid] as const,
};
