import { endpoints } from "@paraphe/api-sdk/contract";
import { removeWorkspaceMember } from "../../workspaces/remove-workspace-member";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /workspace/remove-member: a person leaves the workspace. */
export const workspaceRemoveMember = handler(
  endpoints.workspace.removeMember,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    return removeWorkspaceMember(deps, member, input);
  },
);
