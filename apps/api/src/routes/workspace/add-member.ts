import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { addWorkspaceMember } from "../../workspaces/add-workspace-member";

/** POST /workspace/add-member: a member of the team joins the workspace. */
export function registerWorkspaceAddMember(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.workspace.addMember;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(
      endpoint.response.parse(await addWorkspaceMember(deps, member, c.req.valid("json"))),
    );
  });
}
