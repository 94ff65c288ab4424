import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { listWebhooks } from "../../webhooks/webhook-endpoints";
import type { WebhookDeps } from "../../webhooks/webhook-deps";

/** POST /webhook/list: the team's webhook endpoints (never their secrets). */
export function registerWebhookList(app: AppRouter, deps: WebhookDeps): void {
  const endpoint = endpoints.webhook.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await listWebhooks(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(answer));
  });
}
