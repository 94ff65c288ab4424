import { endpoints } from "@paraphe/api-sdk/contract";
import { listEnvelopes } from "../../envelopes/list-envelopes";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/list: the member's envelopes by filter and workspace, keyset-paginated. */
export const envelopeList = handler(
  endpoints.envelope.list,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    return listEnvelopes(deps, member, input);
  },
);
