import { z } from "zod";
import {
  decodeMasterKey,
  flag,
  httpUrl,
  isHttpUrl,
  list,
  MAX_SESSION_LIFETIME_SECONDS,
  oneOf,
  parseAppCredentials,
  parseDnsResolvers,
  parseEmails,
  parseOrigins,
  parseTrustedProxies,
  port,
  tunnelSeconds,
  urlWithProtocols,
  wholeNumber,
} from "./values";

/** Log levels pino understands. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * The app-level credentials of the web and signing apps as built by default (`@paraphe/api-sdk`'s
 * DEFAULT_APP_CREDENTIALS). They ship inside public JavaScript, so they are not secrets: they name
 * the calling app; what a public call may do is decided by what it carries (an access link).
 */
export const DEFAULT_APP_CREDENTIALS =
  "paraphe-web:paraphe-web-app-credential,paraphe-sign:paraphe-sign-app-credential";

/** One environment variable of the api: everything about it, written once. */
export interface Variable<T> {
  /** The field of the configuration that holds its value; none: another field derives from it. */
  key?: string;
  /** What it does, for the README's table. */
  description: string;
  /** The value of an unset or blank variable, as written in the environment (checked like one). */
  default?: string;
  /** The default in words for the table, where it is not `default` (null: shown as unset). */
  documentedDefault?: string | null;
  /** Never printed: the start log says only whether it is set. */
  secret?: boolean;
  /** Printed with its passwords masked (a URL that may carry credentials). */
  masked?: boolean;
  /** Read as written, spaces included (a passphrase). */
  untrimmed?: boolean;
  /** The value of an unset variable without a default (an empty list). */
  whenUnset?: T;
  /** What the start log prints for it when unset (or an empty list). */
  shownWhenUnset?: string;
  /** Checks a set value and gives the value the api uses. */
  parse: z.ZodType<T, string>;
}

/** A variable, its literal shape kept (which key, whether it has a default) for the types. */
function variable<const S extends Variable<unknown>>(spec: S): S {
  return spec;
}

/**
 * Every environment variable the api reads, in the order the README documents them: name, value
 * check, default, description and whether it is secret, each written here once. The configuration's
 * type, its parsing, the start log and the README's table are made from this table.
 */
export const variables = {
  NODE_ENV: variable({
    key: "nodeEnv",
    description:
      "`development`, `test` or `production`. Production requires BLOB_MASTER_KEY and SMTP_URL and removes the development mailbox.",
    default: "development",
    parse: oneOf(["development", "test", "production"], "must be development, test or production"),
  }),
  API_HOST: variable({
    key: "host",
    description: "Interface the api listens on.",
    default: "127.0.0.1",
    parse: z.string(),
  }),
  API_PORT: variable({
    key: "port",
    description: "Port the api listens on (`0`: any free port, shown in the log).",
    default: "3000",
    parse: port(),
  }),
  WEB_URL: variable({
    key: "webUrl",
    description: "Address of the team web app: allowed CORS origin and base of links in mail.",
    default: "http://localhost:5173",
    parse: httpUrl(),
  }),
  SIGN_URL: variable({
    key: "signUrl",
    description:
      "Address of the public signing app: allowed CORS origin and base of signing links in mail.",
    default: "http://localhost:5174",
    parse: httpUrl(),
  }),
  CORS_ORIGINS: variable({
    key: "corsOrigins",
    description:
      "Further browser origins allowed to call the api, separated by commas (`https://tools.example.com`): an internal app of yours that uses the SDK in the browser with a team API key. Unset: only the web and signing apps.",
    whenUnset: [] as string[],
    shownWhenUnset: "(unset: the two apps only)",
    parse: list(
      parseOrigins,
      "must be http:// or https:// origins separated by commas, for example https://tools.example.com",
    ),
  }),
  PUBLIC_API_URL: variable({
    key: "publicApiUrl",
    description: "Public address of the api, as clients reach it (links, error documentation).",
    default: "http://localhost:3000",
    parse: httpUrl(),
  }),
  DATA_DIR: variable({
    key: "dataDir",
    description:
      "Directory of local data (embedded database, blobs, development key). Relative paths are resolved against the working directory.",
    default: ".data",
    parse: z.string(),
  }),
  DATABASE_URL: variable({
    key: "databaseUrl",
    description:
      "PostgreSQL connection string (`postgres://user:password@host:5432/db`). Unset: embedded PGlite in DATA_DIR/pglite.",
    masked: true,
    parse: urlWithProtocols(
      ["postgres:", "postgresql:"],
      "postgres://paraphe:secret@127.0.0.1:5432/paraphe",
    ),
  }),
  SMTP_URL: variable({
    key: "smtpUrl",
    description:
      "SMTP server (`smtp://user:password@host:587` or `smtps://...:465`). Unset: mail goes to the development mailbox (see DEV_MAILBOX).",
    masked: true,
    parse: urlWithProtocols(["smtp:", "smtps:"], "smtp://user:secret@smtp.example.com:587"),
  }),
  DEV_MAILBOX: variable({
    key: "devMailbox",
    description:
      "`1`: show the development mailbox at /dev/mailbox (every mail, sign-in codes included) when SMTP_URL is unset, outside production, and only while API_HOST is a loopback address; otherwise its paths answer 404. `npm start` sets it.",
    default: "0",
    parse: flag("must be 1 (show the development mailbox) or 0"),
  }),
  MAIL_FROM: variable({
    key: "mailFrom",
    description: "Sender of outgoing mail.",
    default: "Paraphe <no-reply@paraphe.localhost>",
    parse: z.string().refine((value) => /^[^\r\n]*[^\s<>@]+@[^\s<>@]+[^\r\n]*$/.test(value), {
      message:
        'must be an address such as no-reply@example.com or "Paraphe <no-reply@example.com>"',
    }),
  }),
  SMS_PROVIDER_URL: variable({
    key: "smsProviderUrl",
    description:
      "Base address of the SMS provider, which speaks Twilio's Messages API (`POST /2010-04-01/Accounts/{SMS_ACCOUNT_SID}/Messages.json`). Used when SMS_ACCOUNT_SID is set.",
    default: "https://api.twilio.com",
    parse: httpUrl("https://api.twilio.com").refine((value) => URL.parse(value)?.username === "", {
      message: "must not hold credentials: set SMS_ACCOUNT_SID and SMS_AUTH_TOKEN",
    }),
  }),
  SMS_ACCOUNT_SID: variable({
    key: "smsAccountSid",
    description:
      "Account of the SMS provider (the user of its HTTP Basic authentication); with SMS_AUTH_TOKEN and SMS_FROM, signers may be checked by a code sent by SMS. Unset: outside production SMS go to the development mailbox; in production the SMS check is unavailable.",
    parse: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "must be 1 to 64 letters, digits, _ or -" }),
  }),
  SMS_AUTH_TOKEN: variable({
    key: "smsAuthToken",
    description:
      "Secret of the SMS provider's account (the password of its HTTP Basic authentication).",
    secret: true,
    parse: z.string().max(256, { message: "must be at most 256 characters" }),
  }),
  SMS_FROM: variable({
    key: "smsFrom",
    description:
      "Sender of SMS: a number in international form (`+14155550100`) or a sender name of 1 to 11 letters and digits.",
    parse: z.string().refine((value) => /^\+[1-9]\d{1,14}$|^[A-Za-z0-9 ]{1,11}$/.test(value), {
      message:
        "must be a number such as +14155550100 or a sender name of 1 to 11 letters and digits",
    }),
  }),
  BLOB_STORAGE: variable({
    key: "blobStorage",
    description:
      "Where files are stored: `local` (encrypted files in BLOB_DIR) or `s3` (encrypted objects in an S3-compatible bucket: Amazon S3, MinIO, Cloudflare R2; set the S3_* variables). Files are encrypted before they leave the api either way.",
    default: "local",
    parse: oneOf(
      ["local", "s3"],
      "must be local (encrypted files in BLOB_DIR) or s3 (an S3-compatible bucket)",
    ),
  }),
  BLOB_DIR: variable({
    description:
      "Directory of the local blob store. Relative paths are resolved against the working directory.",
    documentedDefault: "DATA_DIR/blobs",
    parse: z.string(),
  }),
  BLOB_MASTER_KEY: variable({
    key: "blobMasterKey",
    description:
      "Base64 of 32 random bytes (`openssl rand -base64 32`) that wraps every file's data key. Unset: a development key generated in DATA_DIR/master.key. Required in production.",
    secret: true,
    parse: z
      .string()
      .refine((value) => decodeMasterKey(value) !== undefined, {
        message:
          "must be the base64 encoding of exactly 32 bytes (generate one with `openssl rand -base64 32`)",
      })
      .transform((value) => decodeMasterKey(value) ?? Buffer.alloc(0)),
  }),
  S3_ENDPOINT: variable({
    description:
      "With BLOB_STORAGE=s3: address of the S3-compatible store, such as `http://127.0.0.1:9000` (MinIO) or `https://<account id>.r2.cloudflarestorage.com` (Cloudflare R2). Unset: Amazon S3 in S3_REGION.",
    parse: z
      .string()
      .refine((value) => value.length <= 2048 && isHttpUrl(value), {
        message:
          "must be an http:// or https:// address of at most 2048 characters, for example http://127.0.0.1:9000",
      })
      .refine((value) => URL.parse(value)?.username === "", {
        message: "must not hold credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      })
      .transform((value) => value.replace(/\/+$/, "")),
  }),
  S3_REGION: variable({
    description:
      "With BLOB_STORAGE=s3 (required): region of the bucket, such as `eu-west-3` (Amazon S3), `us-east-1` (MinIO's default) or `auto` (Cloudflare R2).",
    parse: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, {
      message:
        "must be a region name of lower-case letters, digits and hyphens, such as eu-west-3 or auto",
    }),
  }),
  S3_BUCKET: variable({
    description:
      "With BLOB_STORAGE=s3 (required): name of the bucket (3 to 63 lower-case letters, digits, dots and hyphens); it must exist, start is refused otherwise.",
    parse: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: "must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens",
    }),
  }),
  S3_ACCESS_KEY_ID: variable({
    description:
      "With BLOB_STORAGE=s3 (required): access key id of credentials allowed to list, read, write and delete objects of the bucket.",
    parse: z.string().regex(/^[\x21-\x7e]{1,128}$/, {
      message: "must be 1 to 128 printable characters without spaces",
    }),
  }),
  S3_SECRET_ACCESS_KEY: variable({
    description:
      "With BLOB_STORAGE=s3 (required): the secret of S3_ACCESS_KEY_ID. Never printed nor logged.",
    secret: true,
    parse: z.string().regex(/^[\x21-\x7e]{1,256}$/, {
      message: "must be 1 to 256 printable characters without spaces",
    }),
  }),
  S3_FORCE_PATH_STYLE: variable({
    description:
      "With BLOB_STORAGE=s3: `1` to put the bucket in the path (`http://host/bucket/key`), as MinIO and most self-hosted stores need; `0` for the bucket in the host name (Amazon S3, Cloudflare R2).",
    default: "0",
    parse: flag("must be 1 (bucket in the path) or 0 (bucket in the host name)"),
  }),
  LOG_LEVEL: variable({
    key: "logLevel",
    description: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.",
    default: "info",
    parse: oneOf(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(", ")}`),
  }),
  METRICS_PORT: variable({
    key: "metricsPort",
    description:
      "Port of the Prometheus metrics listener (`/metrics`: requests by route and status, tunnel sessions, job queue, seals, mail, webhooks; no personal data in labels), apart from the api's. Unset: no metrics listener.",
    parse: port(),
  }),
  METRICS_HOST: variable({
    key: "metricsHost",
    description:
      "Interface the metrics listener binds to. Keep the loopback default unless the scraper runs on another machine of a private network.",
    default: "127.0.0.1",
    parse: z.string().min(1),
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: variable({
    key: "otlpEndpoint",
    description:
      "OpenTelemetry collector's OTLP/HTTP base address (`http://127.0.0.1:4318`): traces of requests (tunnelled calls by route), database queries (statements without their values), jobs and document work are sent to `<address>/v1/traces` as JSON. Unset: no tracing at all.",
    parse: httpUrl("http://127.0.0.1:4318"),
  }),
  TUNNEL_SESSION_STORE: variable({
    key: "tunnelSessionStore",
    description:
      "Where open secure-tunnel sessions are kept: `memory` (one api process) or `database` (several replicas share them; their keys are encrypted with the master key).",
    default: "memory",
    parse: oneOf(["memory", "database"], "must be memory or database"),
  }),
  TUNNEL_IDLE_TIMEOUT_SECONDS: variable({
    key: "tunnelIdleTimeoutSeconds",
    description:
      "A secure-tunnel session unused for this many seconds is closed; the client opens a new one.",
    default: "1800",
    parse: tunnelSeconds(),
  }),
  TUNNEL_MAX_AGE_SECONDS: variable({
    key: "tunnelMaxAgeSeconds",
    description:
      "A secure-tunnel session is closed this many seconds after it was opened, however busy.",
    default: "43200",
    parse: tunnelSeconds(),
  }),
  SESSION_IDLE_TIMEOUT_SECONDS: variable({
    key: "sessionIdleTimeoutSeconds",
    description:
      "A sign-in session unused for this many seconds has ended: its calls answer AUTHENTICATION_ERROR and the person signs in again (7 days by default).",
    default: "604800",
    parse: wholeNumber(60, MAX_SESSION_LIFETIME_SECONDS),
  }),
  SESSION_MAX_AGE_SECONDS: variable({
    key: "sessionMaxAgeSeconds",
    description:
      "A sign-in session has ended this many seconds after sign-in, however busy (30 days by default; at most 366 days).",
    default: "2592000",
    parse: wholeNumber(60, MAX_SESSION_LIFETIME_SECONDS),
  }),
  APP_CREDENTIALS: variable({
    key: "appCredentials",
    description:
      "App-level credentials accepted on public calls, as `accessKey:secretKey` pairs separated by commas (the web and signing apps are built with `VITE_APP_ACCESS_KEY` and `VITE_APP_SECRET_KEY`). They name the calling app and are not secrets. Unset: the two apps' built-in credentials.",
    default: DEFAULT_APP_CREDENTIALS,
    documentedDefault: null,
    parse: z
      .string()
      .refine((value) => parseAppCredentials(value) !== undefined, {
        message:
          "must be accessKey:secretKey pairs separated by commas, for example web:abc123,sign:def456",
      })
      .transform((value): ReadonlyMap<string, string> => parseAppCredentials(value) ?? new Map()),
  }),
  MAX_UPLOAD_BYTES: variable({
    key: "maxUploadBytes",
    description: "Largest PDF an upload accepts, in bytes (20 MB by default).",
    default: "20971520",
    parse: wholeNumber(1024, 1024 * 1024 * 1024),
  }),
  MAX_UPLOAD_PAGES: variable({
    key: "maxUploadPages",
    description: "Most pages a PDF of an upload may have.",
    default: "500",
    parse: wholeNumber(1, 100_000),
  }),
  SEAL_P12_FILE: variable({
    key: "sealP12File",
    description:
      "PKCS#12 (.p12/.pfx) file with the certificate and key that seal completed documents. Unset: a development certificate generated in DATA_DIR/platform-seal (not trusted by validators).",
    parse: z.string(),
  }),
  SEAL_P12_PASSPHRASE: variable({
    key: "sealP12Passphrase",
    description: "Passphrase of SEAL_P12_FILE (never printed).",
    secret: true,
    untrimmed: true,
    parse: z.string(),
  }),
  TSA_URL: variable({
    key: "tsaUrl",
    description:
      "RFC 3161 timestamp authority. Set: seals are PAdES B-T (timestamped); unset: B-B.",
    masked: true,
    shownWhenUnset: "(unset: seals are PAdES B-B)",
    parse: z.string().refine(isHttpUrl, {
      message: "must be an http:// or https:// address, for example http://timestamp.example.com",
    }),
  }),
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

export type VariableName = keyof typeof variables;
