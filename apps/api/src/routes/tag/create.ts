import { endpoints } from "@paraphe/api-sdk/contract";
import { createTag } from "../../tags/tags";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /tag/create: a new tag of the team. */
export const tagCreate = handler(
  endpoints.tag.create,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    return { tag: await createTag(deps, member, input) };
  },
);
