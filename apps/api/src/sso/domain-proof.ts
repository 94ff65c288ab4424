import { Resolver } from "node:dns/promises";
import type { Config } from "../config";

/*
 * The DNS proof that a team controls an email domain: the TXT record `paraphe-verification=<token>`
 * at `_paraphe.<domain>`, looked up with node:dns through the servers of `DNS_RESOLVER` (the
 * system's otherwise), so that tests answer with a DNS server of their own.
 */

/** The name that holds a domain's TXT record. */
export const proofRecordName = (domain: string): string => `_paraphe.${domain}`;

/** The TXT record's value for a token. */
export const proofRecordValue = (token: string): string => `paraphe-verification=${token}`;

/** How long one DNS query may take, and how often it is tried. */
const DNS_TIMEOUT_MS = 3000;
const DNS_TRIES = 2;

export type ProofOutcome = "found" | "not_found" | "lookup_failed";

/**
 * Whether the TXT records at `_paraphe.<domain>` include `paraphe-verification=<token>` (a record
 * split in several strings is joined, as RFC 7208 does). A name or record that does not exist is
 * `not_found`; a server that fails or does not answer is `lookup_failed`.
 */
export async function checkDomainProof(
  config: Pick<Config, "dnsResolvers">,
  domain: string,
  token: string,
): Promise<ProofOutcome> {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });
  if (config.dnsResolvers.length > 0) resolver.setServers([...config.dnsResolvers]);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(proofRecordName(domain));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === "ENOTFOUND" || code === "ENODATA" ? "not_found" : "lookup_failed";
  }
  const expected = proofRecordValue(token);
  return records.some((chunks) => chunks.join("").trim() === expected) ? "found" : "not_found";
}
