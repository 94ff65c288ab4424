import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { listWebhookDeliveries } from "../../webhooks/webhook-deliveries";
import type { WebhookDeps } from "../../webhooks/webhook-deps";

/** POST /webhook/deliveries: an endpoint's delivery log, newest first, by pages. */
export function registerWebhookDeliveries(app: AppRouter, deps: WebhookDeps): void {
  const endpoint = endpoints.webhook.deliveries;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await listWebhookDeliveries(
      deps,
      requireSessionCaller(c).userId,
      c.req.valid("json"),
    );
    return c.json(endpoint.response.parse(answer));
  });
}
