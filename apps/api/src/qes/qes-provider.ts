import { hasQesProvider, type Config } from "../config";
import { CscClient, type CscFetch } from "./csc-client";

/**
 * The deployment's qualified signature provider (CSC_*), reached with `fetch` (the api's
 * `providerFetch()`), or undefined when QES is unavailable.
 */
export function qesProviderFromConfig(
  config: Pick<Config, "cscBaseUrl" | "cscClientId" | "cscClientSecret">,
  fetch: CscFetch,
): CscClient | undefined {
  if (!hasQesProvider(config)) return undefined;
  return new CscClient({
    baseUrl: config.cscBaseUrl as string,
    clientId: config.cscClientId as string,
    clientSecret: config.cscClientSecret as string,
    fetch,
  });
}
