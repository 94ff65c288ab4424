import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { updateWebhook } from "../../webhooks/webhook-endpoints";
import type { WebhookDeps } from "../../webhooks/webhook-deps";

/** POST /webhook/update: changes an endpoint's URL, events or state. */
export function registerWebhookUpdate(app: AppRouter, deps: WebhookDeps): void {
  const endpoint = endpoints.webhook.update;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await updateWebhook(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
