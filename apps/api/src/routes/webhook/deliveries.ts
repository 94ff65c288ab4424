import { endpoints } from "@paraphe/api-sdk/contract";
import { listWebhookDeliveries } from "../../webhooks/webhook-deliveries";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/deliveries: an endpoint's delivery log, newest first, by pages. */
export const webhookDeliveries = handler(
  endpoints.webhook.deliveries,
  "member",
  webhookDeps,
  async ({ member, input, deps }) => {
    return listWebhookDeliveries(deps, member, input);
  },
);
