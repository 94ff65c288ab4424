import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { dashboard } from "../../envelopes/dashboard";
import { validateJson } from "../../http/validate";
import { sessionEmailProven } from "../../identity/sessions";

/** POST /envelope/dashboard: counts of the team's envelopes, pending requests, the 5 most recent. */
export function registerEnvelopeDashboard(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.dashboard;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const member = await requireMember(deps, caller.userId);
    const reach = { acrossTeams: await sessionEmailProven(deps, caller.accessKey) };
    return c.json(endpoint.response.parse(await dashboard(deps, member, reach)));
  });
}
