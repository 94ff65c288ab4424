import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { listWorkspaces } from "../../workspaces/list-workspaces";
import { validateJson } from "../../http/validate";

/** POST /workspace/list: the caller's workspaces. */
export function registerWorkspaceList(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.workspace.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse({ workspaces: await listWorkspaces(deps, member) }));
  });
}
