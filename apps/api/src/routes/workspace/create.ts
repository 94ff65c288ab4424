import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { createWorkspace } from "../../workspaces/create-workspace";

/** POST /workspace/create: a new workspace, the caller its first member. */
export function registerWorkspaceCreate(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.workspace.create;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(
      endpoint.response.parse({
        workspace: await createWorkspace(deps, member, c.req.valid("json")),
      }),
    );
  });
}
