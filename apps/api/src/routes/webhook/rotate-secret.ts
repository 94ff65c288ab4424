import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { rotateWebhookSecret } from "../../webhooks/webhook-endpoints";
import type { WebhookDeps } from "../../webhooks/webhook-deps";

/** POST /webhook/rotate-secret: a new secret for an endpoint, answered this once. */
export function registerWebhookRotateSecret(app: AppRouter, deps: WebhookDeps): void {
  const endpoint = endpoints.webhook.rotateSecret;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await rotateWebhookSecret(
      deps,
      requireSessionCaller(c).userId,
      c.req.valid("json").uuid,
    );
    return c.json(endpoint.response.parse(answer));
  });
}
