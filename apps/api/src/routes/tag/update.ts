import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { updateTag } from "../../tags/tags";

/** POST /tag/update: renames and recolours a tag. */
export function registerTagUpdate(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.tag.update;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(
      endpoint.response.parse({ tag: await updateTag(deps, member, c.req.valid("json")) }),
    );
  });
}
