import { endpoints } from "@paraphe/api-sdk/contract";
import { replayWebhookDelivery } from "../../webhooks/webhook-deliveries";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/replay: sends a delivery's event again, as a new delivery. */
export const webhookReplay = handler(
  endpoints.webhook.replay,
  "member",
  webhookDeps,
  async ({ member, input, deps }) => {
    return replayWebhookDelivery(deps, member, input.deliveryUuid);
  },
);
