import { endpoints } from "@paraphe/api-sdk/contract";
import { listWebhookDeliveries } from "../../webhooks/webhook-deliveries";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/deliveries: an endpoint's delivery log, newest first, by pages. */
export const webhookDeliveries = handler(
  endpoints.webhook.deliveries,
  "session",
  webhookDeps,
  async ({ caller, input, deps }) => {
    return listWebhookDeliveries(deps, caller.userId, input);
  },
);
