import { endpoints } from "@paraphe/api-sdk/contract";
import { updateWebhook } from "../../webhooks/webhook-endpoints";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/update: changes an endpoint's URL, events or state. */
export const webhookUpdate = handler(
  endpoints.webhook.update,
  "member",
  webhookDeps,
  async ({ member, input, deps }) => {
    return updateWebhook(deps, member, input);
  },
);
