import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteTeam } from "../../erasure/delete-team";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/delete: an Owner deletes the team after typing its name; a job purges it. */
export const teamDelete = handler(
  endpoints.team.delete,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    await deleteTeam(deps, member, input);
    return { scheduled: true as const };
  },
);
