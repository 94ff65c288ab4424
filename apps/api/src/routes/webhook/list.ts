import { endpoints } from "@paraphe/api-sdk/contract";
import { listWebhooks } from "../../webhooks/webhook-endpoints";
import { webhookDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /webhook/list: the team's webhook endpoints (never their secrets). */
export const webhookList = handler(
  endpoints.webhook.list,
  "member",
  webhookDeps,
  async ({ member, deps }) => {
    return listWebhooks(deps, member);
  },
);
