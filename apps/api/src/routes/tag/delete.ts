import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteTag } from "../../tags/tags";
import { workspaceDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /tag/delete: deletes a tag, taking it off every envelope. */
export const tagDelete = handler(
  endpoints.tag.delete,
  "member",
  workspaceDeps,
  async ({ member, input, deps }) => {
    await deleteTag(deps, member, input.tagUuid);
    return { deleted: true };
  },
);
