import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import type { RoleDeps } from "../../roles/role-deps";
import { createRole } from "../../roles/create-role";

/** POST /team/create-role: a custom role of the caller's team. */
export function registerRoleCreate(app: AppRouter, deps: RoleDeps): void {
  const endpoint = endpoints.team.createRole;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await createRole(deps, member, c.req.valid("json"))));
  });
}
