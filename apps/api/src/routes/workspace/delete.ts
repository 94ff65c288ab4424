import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { deleteWorkspace } from "../../workspaces/delete-workspace";

/** POST /workspace/delete: deletes a workspace, moving its documents to another. */
export function registerWorkspaceDelete(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.workspace.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(
      endpoint.response.parse(await deleteWorkspace(deps, member, c.req.valid("json"))),
    );
  });
}
