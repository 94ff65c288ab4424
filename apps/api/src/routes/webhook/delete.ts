import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteWebhook } from "../../webhooks/webhook-endpoints";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/delete: removes an endpoint and its delivery log. */
export const webhookDelete = handler(
  endpoints.webhook.delete,
  "member",
  webhookDeps,
  async ({ member, input, deps }) => {
    return deleteWebhook(deps, member, input.uuid);
  },
);
