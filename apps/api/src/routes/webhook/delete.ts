import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { deleteWebhook } from "../../webhooks/webhook-endpoints";
import type { WebhookDeps } from "../../webhooks/webhook-deps";

/** POST /webhook/delete: removes an endpoint and its delivery log. */
export function registerWebhookDelete(app: AppRouter, deps: WebhookDeps): void {
  const endpoint = endpoints.webhook.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await deleteWebhook(
      deps,
      requireSessionCaller(c).userId,
      c.req.valid("json").uuid,
    );
    return c.json(endpoint.response.parse(answer));
  });
}
