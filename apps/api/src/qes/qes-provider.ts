import { hasQesProvider, type Config } from "../config";
import { CscClient } from "./csc-client";

/** The deployment's qualified signature provider (CSC_*), or undefined when QES is unavailable. */
export function qesProviderFromConfig(
  config: Pick<Config, "cscBaseUrl" | "cscClientId" | "cscClientSecret">,
): CscClient | undefined {
  if (!hasQesProvider(config)) return undefined;
  return new CscClient({
    baseUrl: config.cscBaseUrl as string,
    clientId: config.cscClientId as string,
    clientSecret: config.cscClientSecret as string,
  });
}
