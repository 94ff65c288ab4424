import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { RoleDeps } from "../../roles/role-deps";
import { listRoles } from "../../roles/list-roles";

/** POST /team/list-roles: the roles of the caller's team, managed and custom. */
export function registerRoleList(app: AppRouter, deps: RoleDeps): void {
  const endpoint = endpoints.team.listRoles;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse({ roles: await listRoles(deps, member) }));
  });
}
