import {
  list,
  oneOf,
  parseDnsResolvers,
  parseEmails,
  parseTrustedProxies,
  wholeNumber,
} from "./values";
import { variable } from "./variable";

/**
 * What an operator tunes once the api runs: trusted proxies, document workers' and tunnels' limits,
 * rate limits, seats, jobs, support staff and single sign-on's domain checks.
 */
export const operationVariables = {
  TRUSTED_PROXIES: variable({
    key: "trustedProxies",
    description:
      "Reverse proxies in front of the api whose `X-Forwarded-For` is believed, as IP addresses or CIDR ranges separated by commas (`127.0.0.1,10.0.0.0/8`). The client is the right-most address of `X-Forwarded-For` that is not a trusted proxy. Unset: `X-Forwarded-For` is ignored and the connection's address is the client's.",
    whenUnset: [] as string[],
    shownWhenUnset: "(unset: X-Forwarded-For is ignored)",
    parse: list(
      parseTrustedProxies,
      "must be IP addresses or CIDR ranges separated by commas, for example 127.0.0.1,10.0.0.0/8",
    ),
  }),
  DOCUMENT_WORKER_TIMEOUT_SECONDS: variable({
    key: "documentWorkerTimeoutSeconds",
    description:
      "Time limit of one document task (PDF parsing, previews, stamping, sealing) in its worker thread; past it the worker is replaced and the task fails (an upload is refused as too_complex, a page's preview answers preview_failed, a seal job retries).",
    default: "120",
    parse: wholeNumber(1, 3600),
  }),
  DOCUMENT_WORKER_MAX_HEAP_MB: variable({
    key: "documentWorkerMaxHeapMb",
    description:
      "Heap cap of each document worker thread, in megabytes (resourceLimits); a task that needs more fails like one that runs too long.",
    default: "512",
    parse: wholeNumber(64, 65_536),
  }),
  DOCUMENT_WORKER_QUEUE_LIMIT: variable({
    key: "documentWorkerQueueLimit",
    description:
      "Document tasks that may wait in each lane (uploads; sealing) while its worker is busy; past it an upload answers 503 SERVICE_BUSY with Retry-After. One account holds at most 2 tasks of a lane, running or waiting; past them its upload answers 429 RATE_LIMITED with Retry-After, and other accounts still get in.",
    default: "8",
    parse: wholeNumber(0, 10_000),
  }),
  TUNNEL_MAX_SESSIONS: variable({
    key: "tunnelMaxSessions",
    description:
      "Most open secure-tunnel sessions (and, up to 10,000, handshakes waiting for their second step, one client address holding at most 1/100 of them for 10 seconds); when full, the least recently used session (or the oldest waiting handshake) of the client address holding the most makes room for a newcomer, and a handshake answers 503 with `Retry-After` only when no address holds more than the newcomer's.",
    default: "100000",
    parse: wholeNumber(10, 10_000_000),
  }),
  TUNNEL_MAX_SESSIONS_PER_ADDRESS: variable({
    key: "tunnelMaxSessionsPerAddress",
    description:
      "Most open secure-tunnel sessions one client address (an IPv6 /64) may hold (a page load opens one; it closes after TUNNEL_IDLE_TIMEOUT_SECONDS unused); past it a handshake answers 429 with `Retry-After`.",
    default: "1000",
    parse: wholeNumber(1, 10_000_000),
  }),
  TUNNEL_HANDSHAKES_PER_ADDRESS: variable({
    key: "tunnelHandshakesPerAddress",
    description:
      "Most secure-tunnel handshakes one client address (an IPv6 /64) may start per minute; past it a handshake answers 429 with `Retry-After`.",
    default: "600",
    parse: wholeNumber(1, 1_000_000),
  }),
  LOGIN_CODES_PER_ADDRESS: variable({
    key: "loginCodesPerAddress",
    description:
      "Most sign-in codes one client address (an IPv6 /64) may ask for per 15 minutes, whatever the emails (an office behind one address may need more); past it the call answers 429 with `Retry-After`.",
    default: "20",
    parse: wholeNumber(1, 1_000_000),
  }),
  LOGIN_CODE_CHECKS_PER_ADDRESS: variable({
    key: "loginCodeChecksPerAddress",
    description:
      "Most sign-in codes one client address (an IPv6 /64) may try per 15 minutes, whatever the emails (of which 10 wrong ones at most); past it the call answers 429 with `Retry-After`.",
    default: "30",
    parse: wholeNumber(1, 1_000_000),
  }),
  DEFAULT_TEAM_SEATS: variable({
    key: "defaultTeamSeats",
    description:
      "Seats of the default plan (teams the operator has put on no plan, see Billing): members and pending invitations with any role but Viewer count against them; when they are full, only Viewer invitations are accepted. `0` or empty: unlimited.",
    default: "0",
    parse: wholeNumber(0, 1_000_000).transform((seats) => (seats === 0 ? null : seats)),
  }),
  JOB_LEASE_SECONDS: variable({
    key: "jobLeaseSeconds",
    description:
      "How long a background job (mail, seal, reminders) stays reserved to the replica running it; the replica renews it every third of it while the job runs. A job whose replica died or froze is taken over by another replica once its lease runs out, and a replica's start-up sweep leaves a job under a live lease alone.",
    default: "180",
    parse: wholeNumber(1, 24 * 3600),
  }),
  JOB_RETRY_SECONDS: variable({
    key: "jobRetrySeconds",
    description:
      "How long a failed background job (mail, seal, reminders) waits before its first retry; each next retry waits twice as long, at most an hour, until the job's last attempt (a seal has five, a mail eight; a seal that gave up shows its error to the sender, who can retry it). Webhook deliveries keep their own schedule.",
    default: "5",
    parse: wholeNumber(1, 3600),
  }),
  SUPPORT_OPERATORS: variable({
    key: "supportOperators",
    description:
      "Emails of the support staff, separated by commas (`help@example.com,ops@example.com`): each signs in like anyone and then lists and answers the members' support conversations at /support/operator. Unset: nobody answers support in the app.",
    whenUnset: [] as string[],
    shownWhenUnset: "(unset: nobody answers support)",
    parse: list(
      parseEmails,
      "must be email addresses separated by commas, for example help@example.com",
    ),
  }),
  DNS_RESOLVER: variable({
    key: "dnsResolvers",
    description:
      "DNS servers asked for the TXT records that prove a team's single sign-on domains, as `host:port` (or `host`, port 53) separated by commas (`1.1.1.1,9.9.9.9:53`). Unset: the system's resolvers.",
    whenUnset: [] as string[],
    shownWhenUnset: "(unset: the system's resolvers)",
    parse: list(
      parseDnsResolvers,
      "must be IP addresses with an optional port separated by commas, for example 1.1.1.1,[2606:4700:4700::1111]:53",
      2000,
    ),
  }),
  SSO_DOMAIN_VERIFICATION: variable({
    key: "ssoDomainVerification",
    description:
      "`dns`: a team's single sign-on domain is verified by its DNS TXT record. `skip`: it is marked verified without looking, for local development only: the api refuses to start with it when NODE_ENV=production.",
    default: "dns",
    parse: oneOf(
      ["dns", "skip"],
      "must be dns (TXT records are checked) or skip (development only)",
    ),
  }),
};
