import { endpoints } from "@paraphe/api-sdk/contract";
import { listWorkspaces } from "../../workspaces/list-workspaces";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /workspace/list: the caller's workspaces. */
export const workspaceList = handler(
  endpoints.workspace.list,
  "member",
  envelopeDeps,
  async ({ member, deps }) => {
    return { workspaces: await listWorkspaces(deps, member) };
  },
);
