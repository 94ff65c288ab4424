import { endpoints } from "@paraphe/api-sdk/contract";
import { createWebhook } from "../../webhooks/webhook-endpoints";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/create: a new endpoint; its secret is answered this once. */
export const webhookCreate = handler(
  endpoints.webhook.create,
  "member",
  webhookDeps,
  async ({ member, input, deps }) => {
    return createWebhook(deps, member, input);
  },
);
