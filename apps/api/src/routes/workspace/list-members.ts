import { endpoints } from "@paraphe/api-sdk/contract";
import { listWorkspaceMembers } from "../../workspaces/workspace-members";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /workspace/list-members: the members of a workspace and who may be added. */
export const workspaceListMembers = handler(
  endpoints.workspace.listMembers,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    return listWorkspaceMembers(deps, member, input.workspaceUuid);
  },
);
