import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { makeDefaultWorkspace } from "../../workspaces/make-default-workspace";

/** POST /workspace/make-default: the team's default workspace becomes this one. */
export function registerWorkspaceMakeDefault(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.workspace.makeDefault;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const workspace = await makeDefaultWorkspace(deps, member, c.req.valid("json").workspaceUuid);
    return c.json(endpoint.response.parse({ workspace }));
  });
}
