import { endpoints } from "@paraphe/api-sdk/contract";
import { requestDataExport } from "../../erasure/data-export";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /user/request-data-export: a job prepares an export of the caller's data. */
export const userRequestDataExport = handler(
  endpoints.user.requestDataExport,
  "session",
  envelopeDeps,
  async ({ caller, deps }) => ({ export: await requestDataExport(deps, caller.userId) }),
);
