import { endpoints } from "@paraphe/api-sdk/contract";
import { replayWebhookDelivery } from "../../webhooks/webhook-deliveries";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/replay: sends a delivery's event again, as a new delivery. */
export const webhookReplay = handler(
  endpoints.webhook.replay,
  "session",
  webhookDeps,
  async ({ caller, input, deps }) => {
    return replayWebhookDelivery(deps, caller.userId, input.deliveryUuid);
  },
);
