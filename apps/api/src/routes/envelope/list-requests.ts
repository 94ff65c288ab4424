import { endpoints } from "@paraphe/api-sdk/contract";
import { listRequestsOfUser } from "../../envelopes/signing-requests";
import { sessionEmailProven } from "../../identity/sessions";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/list-requests: the signing requests addressed to the caller, pending first. */
export const envelopeListRequests = handler(
  endpoints.envelope.listRequests,
  "session",
  envelopeDeps,
  async ({ caller, deps }) => {
    const requests = await listRequestsOfUser(deps, caller.userId, {
      acrossTeams: await sessionEmailProven(deps, caller.accessKey),
    });
    return { requests };
  },
);
