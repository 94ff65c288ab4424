import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteRole } from "../../roles/delete-role";
import { roleDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/delete-role: deletes a custom role nobody holds. */
export const teamDeleteRole = handler(
  endpoints.team.deleteRole,
  "member",
  roleDeps,
  async ({ member, input, deps }) => {
    await deleteRole(deps, member, input.roleUuid);
    return { deleted: true };
  },
);
