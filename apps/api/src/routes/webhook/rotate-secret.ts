import { endpoints } from "@paraphe/api-sdk/contract";
import { rotateWebhookSecret } from "../../webhooks/webhook-endpoints";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/rotate-secret: a new secret for an endpoint, answered this once. */
export const webhookRotateSecret = handler(
  endpoints.webhook.rotateSecret,
  "member",
  webhookDeps,
  async ({ member, input, deps }) => {
    return rotateWebhookSecret(deps, member, input.uuid);
  },
);
