import { endpoints } from "@paraphe/api-sdk/contract";
import { saveRetentionPolicy } from "../../retention/team-retention";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /retention/save: sets or turns off the team's retention policy (Owners only). */
export const retentionSave = handler(
  endpoints.retention.save,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    return { policy: await saveRetentionPolicy(deps, member, input) };
  },
);
