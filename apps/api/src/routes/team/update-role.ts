import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { RoleDeps } from "../../roles/role-deps";
import { updateRole } from "../../roles/update-role";

/** POST /team/update-role: renames a custom role and/or replaces its rules. */
export function registerRoleUpdate(app: AppRouter, deps: RoleDeps): void {
  const endpoint = endpoints.team.updateRole;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await updateRole(deps, member, c.req.valid("json"))));
  });
}
