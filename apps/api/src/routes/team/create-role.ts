import { endpoints } from "@paraphe/api-sdk/contract";
import { createRole } from "../../roles/create-role";
import { roleDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/create-role: a custom role of the caller's team. */
export const teamCreateRole = handler(
  endpoints.team.createRole,
  "member",
  roleDeps,
  async ({ member, input, deps }) => {
    return createRole(deps, member, input);
  },
);
