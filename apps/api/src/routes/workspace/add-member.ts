import { endpoints } from "@paraphe/api-sdk/contract";
import { addWorkspaceMember } from "../../workspaces/add-workspace-member";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /workspace/add-member: a member of the team joins the workspace. */
export const workspaceAddMember = handler(
  endpoints.workspace.addMember,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    return addWorkspaceMember(deps, member, input);
  },
);
