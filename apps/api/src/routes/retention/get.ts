import { endpoints } from "@paraphe/api-sdk/contract";
import { getRetentionPolicy } from "../../retention/team-retention";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /retention/get: the team's retention policy (Owners only). */
export const retentionGet = handler(
  endpoints.retention.get,
  "member",
  envelopeDeps,
  async ({ member, deps }) => {
    return { policy: await getRetentionPolicy(deps, member) };
  },
);
