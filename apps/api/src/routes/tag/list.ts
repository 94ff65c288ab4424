import { endpoints } from "@paraphe/api-sdk/contract";
import { listTags } from "../../tags/tags";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /tag/list: the team's tags. */
export const tagList = handler(
  endpoints.tag.list,
  "member",
  workspaceDeps,
  async ({ member, deps }) => {
    return { tags: await listTags(deps, member) };
  },
);
