import type { Config } from "../config";
import { AppError } from "../errors/app-error";
import { NonPublicAddressError, resolvePublicAddresses } from "../http/outbound-fetch";
import type { WebhookDeps } from "./webhook-deps";

/**
 * Whether webhook endpoints may be plain `http:` and reach private, loopback or link-local
 * addresses: in development and test only (a receiver on this machine), as single sign-on allows
 * a local identity provider. In production every endpoint is `https:` on a public address.
 */
export function allowsLocalWebhookTargets(config: Pick<Config, "nodeEnv">): boolean {
  return config.nodeEnv !== "production";
}

const refuse = (message: string, code: string) =>
  new AppError("VALIDATION_ERROR", {
    message,
    fields: [{ path: "url", code: "custom", message: code }],
  });

/**
 * Checks an endpoint's URL when it is saved: outside development it must be `https:` and its host
 * must resolve to public addresses only (`https_required`, `non_public_address`,
 * `unresolvable_host` on the field `url`). The same check runs again at each delivery, on the
 * address the connection uses, so a name that later resolves elsewhere is refused then.
 */
export async function checkWebhookUrl(
  deps: Pick<WebhookDeps, "allowLocalTargets" | "resolveHost">,
  url: string,
): Promise<void> {
  if (deps.allowLocalTargets) return;
  const target = new URL(url);
  if (target.protocol !== "https:") {
    throw refuse("The endpoint must be an https URL.", "https_required");
  }
  try {
    await resolvePublicAddresses(target.hostname, deps.resolveHost);
  } catch (error) {
    if (error instanceof NonPublicAddressError) {
      throw refuse(
        "The endpoint's host resolves to a private, loopback or link-local address.",
        "non_public_address",
      );
    }
    throw refuse("The endpoint's host name could not be resolved.", "unresolvable_host");
  }
}
