import { endpoints } from "@paraphe/api-sdk/contract";
import { downloadDataExport } from "../../erasure/data-export";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /user/download-data-export: the JSON file or a PDF of the caller's ready export. */
export const userDownloadDataExport = handler(
  endpoints.user.downloadDataExport,
  "session",
  envelopeDeps,
  async ({ caller, input, deps }) => downloadDataExport(deps, caller.userId, input),
);
