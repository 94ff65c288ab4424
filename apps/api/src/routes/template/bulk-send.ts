import { endpoints } from "@paraphe/api-sdk/contract";
import { startBulkSend } from "../../templates/bulk-send";
import { requestOrigin } from "../envelope/origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/bulk-send: one envelope per row from an active template, sent by a job. */
export const templateBulkSend = handler(
  endpoints.template.bulkSend,
  "member",
  envelopeDeps,
  async ({ member, input, deps, c }) => {
    const summary = await startBulkSend(deps, member, input, requestOrigin(c));
    return summary;
  },
);
