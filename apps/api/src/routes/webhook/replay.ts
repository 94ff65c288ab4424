import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { replayWebhookDelivery } from "../../webhooks/webhook-deliveries";
import type { WebhookDeps } from "../../webhooks/webhook-deps";

/** POST /webhook/replay: sends a delivery's event again, as a new delivery. */
export function registerWebhookReplay(app: AppRouter, deps: WebhookDeps): void {
  const endpoint = endpoints.webhook.replay;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await replayWebhookDelivery(
      deps,
      requireSessionCaller(c).userId,
      c.req.valid("json").deliveryUuid,
    );
    return c.json(endpoint.response.parse(answer));
  });
}
