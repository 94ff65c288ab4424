import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { updateWorkspace } from "../../workspaces/update-workspace";

/** POST /workspace/update: renames and recolours a workspace. */
export function registerWorkspaceUpdate(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.workspace.update;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(
      endpoint.response.parse({
        workspace: await updateWorkspace(deps, member, c.req.valid("json")),
      }),
    );
  });
}
