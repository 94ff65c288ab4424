import { endpoints } from "@paraphe/api-sdk/contract";
import { updateRole } from "../../roles/update-role";
import { roleDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/update-role: renames a custom role and/or replaces its rules. */
export const teamUpdateRole = handler(
  endpoints.team.updateRole,
  "member",
  roleDeps,
  async ({ member, input, deps }) => {
    return updateRole(deps, member, input);
  },
);
