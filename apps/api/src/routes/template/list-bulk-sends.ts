import { endpoints } from "@paraphe/api-sdk/contract";
import { listBulkSends } from "../../templates/bulk-send-views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/list-bulk-sends: the bulk sends of templates the member may read, newest first. */
export const templateListBulkSends = handler(
  endpoints.template.listBulkSends,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    return listBulkSends(deps, member, input);
  },
);
