import type { DiscoverSsoResponse } from "@paraphe/api-sdk/contract";
import { AppError } from "../errors/app-error";
import { createOutboundFetch } from "../http/outbound-fetch";
import { requireSsoAdministrator } from "./sso-access";
import { allowsInsecureIdentityProvider } from "./sso-configuration";
import type { SsoDeps } from "./sso-deps";
import type { Member } from "../membership/members";

/** How long the issuer has to answer its discovery document. */
export const DISCOVERY_TIMEOUT_MS = 5_000;
/** The largest discovery document read (real ones are a few kilobytes). */
export const DISCOVERY_MAX_BYTES = 256 * 1024;

const failed = (cause?: unknown) =>
  new AppError("OIDC_DISCOVERY_FAILED", cause === undefined ? {} : { cause });

/** The body of `response`, refused past `maxBytes` without reading further. */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error("the discovery document is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const urlOrNull = (value: unknown, allowHttp: boolean): string | null => {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (allowHttp && url.protocol === "http:") ? value : null;
  } catch {
    return null;
  }
};

/**
 * `/sso/discover`: the issuer's `/.well-known/openid-configuration` (OpenID Connect Discovery),
 * fetched within {@link DISCOVERY_TIMEOUT_MS} and {@link DISCOVERY_MAX_BYTES}, without redirects and,
 * outside development, only from a public address, answered as the URLs
 * the SSO form prefills. Any failure (unreachable, not JSON, too large, another issuer) answers
 * OIDC_DISCOVERY_FAILED: "Failed to fetch OIDC configuration: enter the URLs manually." (spec §8).
 */
export async function discoverSso(
  deps: SsoDeps,
  member: Member,
  issuerUrl: string,
): Promise<DiscoverSsoResponse> {
  requireSsoAdministrator(member);
  const allowHttp = allowsInsecureIdentityProvider(deps.config);
  if (urlOrNull(issuerUrl, allowHttp) === null) throw failed();
  const base = issuerUrl.endsWith("/") ? issuerUrl : `${issuerUrl}/`;
  const address = new URL(".well-known/openid-configuration", base);
  let document: Record<string, unknown>;
  try {
    // Outside development the issuer must be a public address (no reaching the api's own network).
    const outbound = createOutboundFetch({
      allowPrivateAddresses: allowHttp,
      maxResponseBytes: DISCOVERY_MAX_BYTES,
    });
    const response = await outbound(address, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the issuer answered ${response.status}`);
    const parsed: unknown = JSON.parse(await boundedText(response, DISCOVERY_MAX_BYTES));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new Error("the discovery document is not a JSON object");
    }
    document = parsed as Record<string, unknown>;
  } catch (error) {
    deps.logger.info({ issuerUrl, err: error }, "OIDC discovery failed");
    throw failed(error);
  }
  const issuer = urlOrNull(document.issuer, allowHttp);
  if (issuer === null || issuer.replace(/\/$/, "") !== issuerUrl.replace(/\/$/, "")) {
    deps.logger.info({ issuerUrl, issuer: document.issuer }, "OIDC discovery: another issuer");
    throw failed();
  }
  return {
    issuerUrl: issuer,
    authorizationUrl: urlOrNull(document.authorization_endpoint, allowHttp),
    tokenUrl: urlOrNull(document.token_endpoint, allowHttp),
    userinfoUrl: urlOrNull(document.userinfo_endpoint, allowHttp),
    revocationUrl: urlOrNull(document.revocation_endpoint, allowHttp),
    jwksUrl: urlOrNull(document.jwks_uri, allowHttp),
  };
}
