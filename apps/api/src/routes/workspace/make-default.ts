import { endpoints } from "@paraphe/api-sdk/contract";
import { makeDefaultWorkspace } from "../../workspaces/make-default-workspace";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /workspace/make-default: the team's default workspace becomes this one. */
export const workspaceMakeDefault = handler(
  endpoints.workspace.makeDefault,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    const workspace = await makeDefaultWorkspace(deps, member, input.workspaceUuid);
    return { workspace };
  },
);
