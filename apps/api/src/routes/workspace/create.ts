import { endpoints } from "@paraphe/api-sdk/contract";
import { createWorkspace } from "../../workspaces/create-workspace";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /workspace/create: a new workspace, the caller its first member. */
export const workspaceCreate = handler(
  endpoints.workspace.create,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    return {
      workspace: await createWorkspace(deps, member, input),
    };
  },
);
