import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { removeWorkspaceMember } from "../../workspaces/remove-workspace-member";

/** POST /workspace/remove-member: a person leaves the workspace. */
export function registerWorkspaceRemoveMember(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.workspace.removeMember;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(
      endpoint.response.parse(await removeWorkspaceMember(deps, member, c.req.valid("json"))),
    );
  });
}
