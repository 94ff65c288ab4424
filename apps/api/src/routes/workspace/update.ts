import { endpoints } from "@paraphe/api-sdk/contract";
import { updateWorkspace } from "../../workspaces/update-workspace";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /workspace/update: renames and recolours a workspace. */
export const workspaceUpdate = handler(
  endpoints.workspace.update,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    return {
      workspace: await updateWorkspace(deps, member, input),
    };
  },
);
