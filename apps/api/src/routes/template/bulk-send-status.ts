import { endpoints } from "@paraphe/api-sdk/contract";
import { bulkSendStatus } from "../../templates/bulk-send-views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/bulk-send-status: a bulk send's progress and its per-row report, paged. */
export const templateBulkSendStatus = handler(
  endpoints.template.bulkSendStatus,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    return bulkSendStatus(deps, member, input);
  },
);
