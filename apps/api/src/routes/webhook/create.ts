import { endpoints } from "@paraphe/api-sdk/contract";
import { createWebhook } from "../../webhooks/webhook-endpoints";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/create: a new endpoint; its secret is answered this once. */
export const webhookCreate = handler(
  endpoints.webhook.create,
  "session",
  webhookDeps,
  async ({ caller, input, deps }) => {
    return createWebhook(deps, caller.userId, input);
  },
);
