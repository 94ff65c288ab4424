import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteWebhook } from "../../webhooks/webhook-endpoints";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/delete: removes an endpoint and its delivery log. */
export const webhookDelete = handler(
  endpoints.webhook.delete,
  "session",
  webhookDeps,
  async ({ caller, input, deps }) => {
    return deleteWebhook(deps, caller.userId, input.uuid);
  },
);
