import { endpoints } from "@paraphe/api-sdk/contract";
import { listRoles } from "../../roles/list-roles";
import { roleDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/list-roles: the roles of the caller's team, managed and custom. */
export const teamListRoles = handler(
  endpoints.team.listRoles,
  "member",
  roleDeps,
  async ({ member, deps }) => {
    return { roles: await listRoles(deps, member) };
  },
);
