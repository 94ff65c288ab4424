import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { loadActivity, toActivityEvent } from "../../envelopes/activity";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";

/** POST /envelope/activity: the activity log and whether its hash chain checks out. */
export function registerEnvelopeActivity(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.activity;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const envelope = await findEnvelopeForMember(
      deps,
      member,
      c.req.valid("json").envelopeUuid,
      "read",
    );
    const activity = await loadActivity(deps, deps.activityKey, envelope.id);
    return c.json(
      endpoint.response.parse({
        events: activity.entries.map((entry) => toActivityEvent(entry.event)),
        chainValid: activity.chainValid,
      }),
    );
  });
}
