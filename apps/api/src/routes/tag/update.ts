import { endpoints } from "@paraphe/api-sdk/contract";
import { updateTag } from "../../tags/tags";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /tag/update: renames and recolours a tag. */
export const tagUpdate = handler(
  endpoints.tag.update,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    return { tag: await updateTag(deps, member, input) };
  },
);
