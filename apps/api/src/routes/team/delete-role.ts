import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { RoleDeps } from "../../roles/role-deps";
import { deleteRole } from "../../roles/delete-role";

/** POST /team/delete-role: deletes a custom role nobody holds. */
export function registerRoleDelete(app: AppRouter, deps: RoleDeps): void {
  const endpoint = endpoints.team.deleteRole;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    await deleteRole(deps, member, c.req.valid("json").roleUuid);
    return c.json(endpoint.response.parse({ deleted: true }));
  });
}
