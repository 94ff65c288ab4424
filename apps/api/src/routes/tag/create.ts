import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { WorkspaceDeps } from "../../workspaces/workspace-deps";
import { createTag } from "../../tags/tags";

/** POST /tag/create: a new tag of the team. */
export function registerTagCreate(app: AppRouter, deps: WorkspaceDeps): void {
  const endpoint = endpoints.tag.create;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(
      endpoint.response.parse({ tag: await createTag(deps, member, c.req.valid("json")) }),
    );
  });
}
