import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteWorkspace } from "../../workspaces/delete-workspace";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /workspace/delete: deletes a workspace, moving its documents to another. */
export const workspaceDelete = handler(
  endpoints.workspace.delete,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    return deleteWorkspace(deps, member, input);
  },
);
