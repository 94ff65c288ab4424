import { endpoints } from "@paraphe/api-sdk/contract";
import { loadActivity, toActivityEvent } from "../../envelopes/activity";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/activity: the activity log and whether its hash chain checks out. */
export const envelopeActivity = handler(
  endpoints.envelope.activity,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "read");
    const activity = await loadActivity(deps, deps.activityKey, envelope.id);
    return {
      events: activity.entries.map((entry) => toActivityEvent(entry.event)),
      chainValid: activity.chainValid,
    };
  },
);
