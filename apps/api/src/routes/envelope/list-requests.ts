import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { listRequests } from "../../envelopes/queries";
import { AppError } from "../../errors/app-error";
import { validateJson } from "../../http/validate";

/** POST /envelope/list-requests: the signing requests addressed to the caller, pending first. */
export function registerEnvelopeListRequests(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.listRequests;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const user = await deps.db
      .selectFrom("appUser")
      .select("email")
      .where("id", "=", caller.userId)
      .executeTakeFirst();
    if (user === undefined) throw new AppError("AUTHENTICATION_ERROR");
    return c.json(endpoint.response.parse({ requests: await listRequests(deps, user.email) }));
  });
}
