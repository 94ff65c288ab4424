import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { listTags } from "../../tags/tags";

/** POST /tag/list: the team's tags. */
export function registerTagList(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.tag.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse({ tags: await listTags(deps, member) }));
  });
}
