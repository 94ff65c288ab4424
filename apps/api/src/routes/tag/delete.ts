import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { deleteTag } from "../../tags/tags";

/** POST /tag/delete: deletes a tag, taking it off every envelope. */
export function registerTagDelete(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.tag.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    await deleteTag(deps, member, c.req.valid("json").tagUuid);
    return c.json(endpoint.response.parse({ deleted: true }));
  });
}
