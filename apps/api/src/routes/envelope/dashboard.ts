import { endpoints } from "@paraphe/api-sdk/contract";
import { dashboard } from "../../envelopes/dashboard";
import { sessionEmailProven } from "../../identity/sessions";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/dashboard: counts of the team's envelopes, pending requests, the 5 most recent. */
export const envelopeDashboard = handler(
  endpoints.envelope.dashboard,
  "member",
  envelopeDeps,
  async ({ caller, member, deps }) => {
    const reach = { acrossTeams: await sessionEmailProven(deps, caller.accessKey) };
    return dashboard(deps, member, reach);
  },
);
