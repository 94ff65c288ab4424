import { endpoints } from "@paraphe/api-sdk/contract";
import { listTemplates } from "../../templates/template-queries";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/list: the member's templates by status, workspace, tag and title, keyset-paginated. */
export const templateList = handler(
  endpoints.template.list,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps }) => {
    return listTemplates(deps, member, input);
  },
);
