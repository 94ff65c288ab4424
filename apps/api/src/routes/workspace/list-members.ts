import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { listWorkspaceMembers } from "../../workspaces/workspace-members";

/** POST /workspace/list-members: the members of a workspace and who may be added. */
export function registerWorkspaceListMembers(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.workspace.listMembers;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const answer = await listWorkspaceMembers(deps, member, c.req.valid("json").workspaceUuid);
    return c.json(endpoint.response.parse(answer));
  });
}
