import { endpoints } from "@paraphe/api-sdk/contract";
import { getDataExport } from "../../erasure/data-export";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /user/data-export: the caller's latest export that has not expired. */
export const userDataExport = handler(
  endpoints.user.dataExport,
  "session",
  envelopeDeps,
  async ({ caller, deps }) => ({ export: await getDataExport(deps, caller.userId) }),
);
