import { endpoints } from "@paraphe/api-sdk/contract";
import { markRead } from "../../envelopes/mark-read";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/mark-read (public, authorised by the access link): a viewer marks the document read. */
export const envelopeMarkRead = handler(
  endpoints.envelope.markRead,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return markRead(deps, input, requestOrigin(c));
  },
);
