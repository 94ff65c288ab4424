import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { createWebhook } from "../../webhooks/webhook-endpoints";
import type { WebhookDeps } from "../../webhooks/webhook-deps";

/** POST /webhook/create: a new endpoint; its secret is answered this once. */
export function registerWebhookCreate(app: AppRouter, deps: WebhookDeps): void {
  const endpoint = endpoints.webhook.create;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await createWebhook(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
