import { isIP, isIPv4 } from "node:net";
import path from "node:path";
import { z } from "zod";
import type { S3StorageSettings } from "./blob/s3-encrypted-blob-store";

/** Log levels pino understands. */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export type NodeEnv = "development" | "test" | "production";
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The validated configuration of the api, read from the environment once at start. */
export interface Config {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Origin of the team web app (CORS, links in mail). */
  webUrl: string;
  /** Origin of the public signing app (CORS, links in mail). */
  signUrl: string;
  /**
   * Further browser origins allowed to call the api (an internal app that uses the SDK with a
   * team API key), besides the two apps' own.
   */
  corsOrigins: readonly string[];
  /** Public address of this api (links in mail, error documentation). */
  publicApiUrl: string;
  /** Absolute path of the data directory. */
  dataDir: string;
  /** PostgreSQL connection string; undefined: embedded PGlite at `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** SMTP connection URL; undefined: development mailbox (never in production). */
  smtpUrl: string | undefined;
  /** DEV_MAILBOX=1: serve the development mailbox (only while listening on a loopback address). */
  devMailbox: boolean;
  mailFrom: string;
  /** `local`: encrypted files in `blobDir`; `s3`: encrypted objects in the bucket of `s3`. */
  blobStorage: BlobStorageKind;
  /** The S3-compatible store when `blobStorage` is `s3`, otherwise undefined. */
  s3: S3StorageSettings | undefined;
  /** Absolute path of the local blob directory. */
  blobDir: string;
  /** The 32-byte blob master key from BLOB_MASTER_KEY; undefined: the development key file. */
  blobMasterKey: Buffer | undefined;
  /** Where the development master key is kept when BLOB_MASTER_KEY is unset. */
  blobMasterKeyFile: string;
  logLevel: LogLevel;
  /** Where open tunnel sessions live: this process's memory, or the database (several replicas). */
  tunnelSessionStore: TunnelSessionStoreKind;
  /** A tunnel session unused for this long is closed. */
  tunnelIdleTimeoutSeconds: number;
  /** A tunnel session is closed this long after its handshake, however busy. */
  tunnelMaxAgeSeconds: number;
  /** A sign-in session unused for this long has ended. */
  sessionIdleTimeoutSeconds: number;
  /** A sign-in session has ended this long after it was opened, however busy. */
  sessionMaxAgeSeconds: number;
  /** App-level credentials (spec §6): access key to secret key of each app that calls the api. */
  appCredentials: ReadonlyMap<string, string>;
  /** Largest PDF accepted by an upload, in bytes. */
  maxUploadBytes: number;
  /** Most pages a PDF of an upload may have. */
  maxUploadPages: number;
  /** PKCS#12 file of the platform seal; undefined: the development certificate in DATA_DIR. */
  sealP12File: string | undefined;
  /** Passphrase of SEAL_P12_FILE (secret: never printed). */
  sealP12Passphrase: string | undefined;
  /** RFC 3161 timestamp authority: seals are PAdES B-T when set, B-B otherwise. */
  tsaUrl: string | undefined;
  /**
   * Reverse proxies whose `X-Forwarded-For` is believed, as IP addresses and CIDR ranges
   * (`10.0.0.0/8`, `::1`); empty: the socket's address is the client's.
   */
  trustedProxies: readonly string[];
  /** Time limit of one task of a document worker (parsing, previews, stamping, sealing). */
  documentWorkerTimeoutSeconds: number;
  /** Heap cap of each document worker thread, in megabytes. */
  documentWorkerMaxHeapMb: number;
  /** Tasks that may wait per document-worker lane; past it uploads answer 503 SERVICE_BUSY. */
  documentWorkerQueueLimit: number;
  /** Most open tunnel sessions in the store (handshakes waiting for their second step included). */
  tunnelMaxSessions: number;
  /** Most open tunnel sessions one client address may hold. */
  tunnelMaxSessionsPerAddress: number;
  /** Most handshakes one client address may start per minute. */
  tunnelHandshakesPerAddress: number;
  /** Sign-in codes asked for per client address per 15 minutes. */
  loginCodesPerAddress: number;
  /** Sign-in codes tried per client address per 15 minutes. */
  loginCodeChecksPerAddress: number;
  /** Seats of a team's default plan: members and pending invitations with a full role; null = unlimited. */
  defaultTeamSeats: number | null;
  /**
   * How long a claimed background job stays reserved to its replica without a renewal; a job whose
   * replica died or froze is taken over by another once it runs out.
   */
  jobLeaseSeconds: number;
  /** Wait before a failed background job's first retry; each next one waits twice as long (at most an hour). */
  jobRetrySeconds: number;
  /** Emails of the support operators (lower case): they list and answer support conversations. */
  supportOperators: readonly string[];
  /**
   * DNS servers (`host:port`) that single sign-on domain checks ask for TXT records; empty: the
   * system's resolvers.
   */
  dnsResolvers: readonly string[];
  /**
   * `dns`: a single sign-on domain is verified by its TXT record; `skip`: marked verified without
   * looking (development only; production refuses to start with it).
   */
  ssoDomainVerification: "dns" | "skip";
}

/**
 * The app-level credentials of the web and signing apps as built by default (`@paraphe/api-sdk`'s
 * DEFAULT_APP_CREDENTIALS). They ship inside public JavaScript, so they are not secrets: they name
 * the calling app; what a public call may do is decided by what it carries (an access link).
 */
export const DEFAULT_APP_CREDENTIALS =
  "paraphe-web:paraphe-web-app-credential,paraphe-sign:paraphe-sign-app-credential";

export type TunnelSessionStoreKind = "memory" | "database";

export type BlobStorageKind = "local" | "s3";

/** Bounds of the tunnel lifetimes, in seconds (1 second to 30 days). */
const MAX_TUNNEL_LIFETIME_SECONDS = 30 * 24 * 3600;

/** Bound of the sign-in session lifetimes, in seconds (366 days). */
const MAX_SESSION_LIFETIME_SECONDS = 366 * 24 * 3600;

export interface ConfigVariable {
  name: string;
  description: string;
  /** The default, in words; undefined when the variable has none and is optional. */
  default: string | undefined;
}

/** Every environment variable the api reads, in the order they are documented. */
export const configVariables: readonly ConfigVariable[] = [
  {
    name: "NODE_ENV",
    description:
      "`development`, `test` or `production`. Production requires BLOB_MASTER_KEY and SMTP_URL and removes the development mailbox.",
    default: "development",
  },
  { name: "API_HOST", description: "Interface the api listens on.", default: "127.0.0.1" },
  {
    name: "API_PORT",
    description: "Port the api listens on (`0`: any free port, shown in the log).",
    default: "3000",
  },
  {
    name: "WEB_URL",
    description: "Address of the team web app: allowed CORS origin and base of links in mail.",
    default: "http://localhost:5173",
  },
  {
    name: "SIGN_URL",
    description:
      "Address of the public signing app: allowed CORS origin and base of signing links in mail.",
    default: "http://localhost:5174",
  },
  {
    name: "CORS_ORIGINS",
    description:
      "Further browser origins allowed to call the api, separated by commas (`https://tools.example.com`): an internal app of yours that uses the SDK in the browser with a team API key. Unset: only the web and signing apps.",
    default: undefined,
  },
  {
    name: "PUBLIC_API_URL",
    description: "Public address of the api, as clients reach it (links, error documentation).",
    default: "http://localhost:3000",
  },
  {
    name: "DATA_DIR",
    description:
      "Directory of local data (embedded database, blobs, development key). Relative paths are resolved against the working directory.",
    default: ".data",
  },
  {
    name: "DATABASE_URL",
    description:
      "PostgreSQL connection string (`postgres://user:password@host:5432/db`). Unset: embedded PGlite in DATA_DIR/pglite.",
    default: undefined,
  },
  {
    name: "SMTP_URL",
    description:
      "SMTP server (`smtp://user:password@host:587` or `smtps://...:465`). Unset: mail goes to the development mailbox (see DEV_MAILBOX).",
    default: undefined,
  },
  {
    name: "DEV_MAILBOX",
    description:
      "`1`: show the development mailbox at /dev/mailbox (every mail, sign-in codes included) when SMTP_URL is unset, outside production, and only while API_HOST is a loopback address; otherwise its paths answer 404. `npm start` sets it.",
    default: "0",
  },
  {
    name: "MAIL_FROM",
    description: "Sender of outgoing mail.",
    default: "Paraphe <no-reply@paraphe.localhost>",
  },
  {
    name: "BLOB_STORAGE",
    description:
      "Where files are stored: `local` (encrypted files in BLOB_DIR) or `s3` (encrypted objects in an S3-compatible bucket: Amazon S3, MinIO, Cloudflare R2; set the S3_* variables). Files are encrypted before they leave the api either way.",
    default: "local",
  },
  {
    name: "BLOB_DIR",
    description:
      "Directory of the local blob store. Relative paths are resolved against the working directory.",
    default: "DATA_DIR/blobs",
  },
  {
    name: "BLOB_MASTER_KEY",
    description:
      "Base64 of 32 random bytes (`openssl rand -base64 32`) that wraps every file's data key. Unset: a development key generated in DATA_DIR/master.key. Required in production.",
    default: undefined,
  },
  {
    name: "S3_ENDPOINT",
    description:
      "With BLOB_STORAGE=s3: address of the S3-compatible store, such as `http://127.0.0.1:9000` (MinIO) or `https://<account id>.r2.cloudflarestorage.com` (Cloudflare R2). Unset: Amazon S3 in S3_REGION.",
    default: undefined,
  },
  {
    name: "S3_REGION",
    description:
      "With BLOB_STORAGE=s3 (required): region of the bucket, such as `eu-west-3` (Amazon S3), `us-east-1` (MinIO's default) or `auto` (Cloudflare R2).",
    default: undefined,
  },
  {
    name: "S3_BUCKET",
    description:
      "With BLOB_STORAGE=s3 (required): name of the bucket (3 to 63 lower-case letters, digits, dots and hyphens); it must exist, start is refused otherwise.",
    default: undefined,
  },
  {
    name: "S3_ACCESS_KEY_ID",
    description:
      "With BLOB_STORAGE=s3 (required): access key id of credentials allowed to list, read, write and delete objects of the bucket.",
    default: undefined,
  },
  {
    name: "S3_SECRET_ACCESS_KEY",
    description:
      "With BLOB_STORAGE=s3 (required): the secret of S3_ACCESS_KEY_ID. Never printed nor logged.",
    default: undefined,
  },
  {
    name: "S3_FORCE_PATH_STYLE",
    description:
      "With BLOB_STORAGE=s3: `1` to put the bucket in the path (`http://host/bucket/key`), as MinIO and most self-hosted stores need; `0` for the bucket in the host name (Amazon S3, Cloudflare R2).",
    default: "0",
  },
  {
    name: "LOG_LEVEL",
    description: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.",
    default: "info",
  },
  {
    name: "TUNNEL_SESSION_STORE",
    description:
      "Where open secure-tunnel sessions are kept: `memory` (one api process) or `database` (several replicas share them; their keys are encrypted with the master key).",
    default: "memory",
  },
  {
    name: "TUNNEL_IDLE_TIMEOUT_SECONDS",
    description:
      "A secure-tunnel session unused for this many seconds is closed; the client opens a new one.",
    default: "1800",
  },
  {
    name: "TUNNEL_MAX_AGE_SECONDS",
    description:
      "A secure-tunnel session is closed this many seconds after it was opened, however busy.",
    default: "43200",
  },
  {
    name: "SESSION_IDLE_TIMEOUT_SECONDS",
    description:
      "A sign-in session unused for this many seconds has ended: its calls answer AUTHENTICATION_ERROR and the person signs in again (7 days by default).",
    default: "604800",
  },
  {
    name: "SESSION_MAX_AGE_SECONDS",
    description:
      "A sign-in session has ended this many seconds after sign-in, however busy (30 days by default; at most 366 days).",
    default: "2592000",
  },
  {
    name: "APP_CREDENTIALS",
    description:
      "App-level credentials accepted on public calls, as `accessKey:secretKey` pairs separated by commas (the web and signing apps are built with `VITE_APP_ACCESS_KEY` and `VITE_APP_SECRET_KEY`). They name the calling app and are not secrets. Unset: the two apps' built-in credentials.",
    default: undefined,
  },
  {
    name: "MAX_UPLOAD_BYTES",
    description: "Largest PDF an upload accepts, in bytes (20 MB by default).",
    default: "20971520",
  },
  {
    name: "MAX_UPLOAD_PAGES",
    description: "Most pages a PDF of an upload may have.",
    default: "500",
  },
  {
    name: "SEAL_P12_FILE",
    description:
      "PKCS#12 (.p12/.pfx) file with the certificate and key that seal completed documents. Unset: a development certificate generated in DATA_DIR/platform-seal (not trusted by validators).",
    default: undefined,
  },
  {
    name: "SEAL_P12_PASSPHRASE",
    description: "Passphrase of SEAL_P12_FILE (never printed).",
    default: undefined,
  },
  {
    name: "TSA_URL",
    description:
      "RFC 3161 timestamp authority. Set: seals are PAdES B-T (timestamped); unset: B-B.",
    default: undefined,
  },
  {
    name: "TRUSTED_PROXIES",
    description:
      "Reverse proxies in front of the api whose `X-Forwarded-For` is believed, as IP addresses or CIDR ranges separated by commas (`127.0.0.1,10.0.0.0/8`). The client is the right-most address of `X-Forwarded-For` that is not a trusted proxy. Unset: `X-Forwarded-For` is ignored and the connection's address is the client's.",
    default: undefined,
  },
  {
    name: "DOCUMENT_WORKER_TIMEOUT_SECONDS",
    description:
      "Time limit of one document task (PDF parsing, previews, stamping, sealing) in its worker thread; past it the worker is replaced and the task fails (an upload is refused as too_complex, a seal job retries).",
    default: "120",
  },
  {
    name: "DOCUMENT_WORKER_MAX_HEAP_MB",
    description:
      "Heap cap of each document worker thread, in megabytes (resourceLimits); a task that needs more fails like one that runs too long.",
    default: "512",
  },
  {
    name: "DOCUMENT_WORKER_QUEUE_LIMIT",
    description:
      "Document tasks that may wait in each lane (uploads; sealing) while its worker is busy; past it an upload answers 503 SERVICE_BUSY with Retry-After. One account holds at most 2 tasks of a lane, running or waiting; past them its upload answers 429 RATE_LIMITED with Retry-After, and other accounts still get in.",
    default: "8",
  },
  {
    name: "TUNNEL_MAX_SESSIONS",
    description:
      "Most open secure-tunnel sessions (and, up to 10,000, handshakes waiting for their second step, one client address holding at most 1/100 of them for 10 seconds); when full, the least recently used session (or the oldest waiting handshake) of the client address holding the most makes room for a newcomer, and a handshake answers 503 with `Retry-After` only when no address holds more than the newcomer's.",
    default: "100000",
  },
  {
    name: "TUNNEL_MAX_SESSIONS_PER_ADDRESS",
    description:
      "Most open secure-tunnel sessions one client address (an IPv6 /64) may hold (a page load opens one; it closes after TUNNEL_IDLE_TIMEOUT_SECONDS unused); past it a handshake answers 429 with `Retry-After`.",
    default: "1000",
  },
  {
    name: "TUNNEL_HANDSHAKES_PER_ADDRESS",
    description:
      "Most secure-tunnel handshakes one client address (an IPv6 /64) may start per minute; past it a handshake answers 429 with `Retry-After`.",
    default: "600",
  },
  {
    name: "LOGIN_CODES_PER_ADDRESS",
    description:
      "Most sign-in codes one client address (an IPv6 /64) may ask for per 15 minutes, whatever the emails (an office behind one address may need more); past it the call answers 429 with `Retry-After`.",
    default: "20",
  },
  {
    name: "LOGIN_CODE_CHECKS_PER_ADDRESS",
    description:
      "Most sign-in codes one client address (an IPv6 /64) may try per 15 minutes, whatever the emails (of which 10 wrong ones at most); past it the call answers 429 with `Retry-After`.",
    default: "30",
  },
  {
    name: "DEFAULT_TEAM_SEATS",
    description:
      "Seats of the default plan (teams the operator has put on no plan, see Billing): members and pending invitations with any role but Viewer count against them; when they are full, only Viewer invitations are accepted. `0` or empty: unlimited.",
    default: "0",
  },
  {
    name: "JOB_LEASE_SECONDS",
    description:
      "How long a background job (mail, seal, reminders) stays reserved to the replica running it; the replica renews it every third of it while the job runs. A job whose replica died or froze is taken over by another replica once its lease runs out, and a replica's start-up sweep leaves a job under a live lease alone.",
    default: "180",
  },
  {
    name: "JOB_RETRY_SECONDS",
    description:
      "How long a failed background job (mail, seal, reminders) waits before its first retry; each next retry waits twice as long, at most an hour, until the job's last attempt (a seal has five, a mail eight; a seal that gave up shows its error to the sender, who can retry it). Webhook deliveries keep their own schedule.",
    default: "5",
  },
  {
    name: "SUPPORT_OPERATORS",
    description:
      "Emails of the support staff, separated by commas (`help@example.com,ops@example.com`): each signs in like anyone and then lists and answers the members' support conversations at /support/operator. Unset: nobody answers support in the app.",
    default: undefined,
  },
  {
    name: "DNS_RESOLVER",
    description:
      "DNS servers asked for the TXT records that prove a team's single sign-on domains, as `host:port` (or `host`, port 53) separated by commas (`1.1.1.1,9.9.9.9:53`). Unset: the system's resolvers.",
    default: undefined,
  },
  {
    name: "SSO_DOMAIN_VERIFICATION",
    description:
      "`dns`: a team's single sign-on domain is verified by its DNS TXT record. `skip`: it is marked verified without looking, for local development only: the api refuses to start with it when NODE_ENV=production.",
    default: "dns",
  },
];

/** Raised when the environment does not hold a valid configuration; lists every problem, by variable. */
export class ConfigError extends Error {
  readonly problems: readonly { variable: string; problem: string }[];

  constructor(problems: readonly { variable: string; problem: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.problem}`).join("\n")}`,
    );
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** An unset or blank variable counts as unset. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

function httpUrl(defaultValue: string) {
  return optionalText.pipe(
    z
      .string()
      .default(defaultValue)
      .refine(isHttpUrl, {
        message: "must be an http:// or https:// address, for example http://localhost:3000",
      })
      .transform((value) => value.replace(/\/+$/, "")),
  );
}

function seconds(defaultValue: string) {
  return optionalText.pipe(
    z
      .string()
      .default(defaultValue)
      .refine(
        (value) =>
          /^\d{1,8}$/.test(value) &&
          Number(value) >= 1 &&
          Number(value) <= MAX_TUNNEL_LIFETIME_SECONDS,
        {
          message: `must be a whole number of seconds from 1 to ${MAX_TUNNEL_LIFETIME_SECONDS}`,
        },
      )
      .transform(Number),
  );
}

function isHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null && (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== ""
  );
}

function urlWithProtocols(protocols: readonly string[], example: string) {
  return optionalText.pipe(
    z
      .string()
      .refine(
        (value) => {
          const url = URL.parse(value);
          return url !== null && protocols.includes(url.protocol) && url.hostname !== "";
        },
        // The value itself is never repeated: it may hold a password.
        {
          message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}, for example ${example}`,
        },
      )
      .optional(),
  );
}

const envSchema = z.object({
  NODE_ENV: optionalText.pipe(
    z
      .enum(["development", "test", "production"], {
        message: "must be development, test or production",
      })
      .default("development"),
  ),
  API_HOST: optionalText.pipe(z.string().default("127.0.0.1")),
  API_PORT: optionalText.pipe(
    z
      .string()
      .default("3000")
      .refine((value) => /^\d{1,5}$/.test(value) && Number(value) <= 65535, {
        message: "must be a whole number from 0 to 65535",
      })
      .transform(Number),
  ),
  WEB_URL: httpUrl("http://localhost:5173"),
  SIGN_URL: httpUrl("http://localhost:5174"),
  CORS_ORIGINS: optionalText.pipe(
    z
      .string()
      .refine((value) => parseOrigins(value) !== undefined, {
        message:
          "must be http:// or https:// origins separated by commas, for example https://tools.example.com",
      })
      .transform((value) => parseOrigins(value) ?? [])
      .optional(),
  ),
  PUBLIC_API_URL: httpUrl("http://localhost:3000"),
  DATA_DIR: optionalText.pipe(z.string().default(".data")),
  DEV_MAILBOX: optionalText.pipe(
    z
      .enum(["0", "1"], { message: "must be 1 (show the development mailbox) or 0" })
      .default("0")
      .transform((value) => value === "1"),
  ),
  DATABASE_URL: urlWithProtocols(
    ["postgres:", "postgresql:"],
    "postgres://paraphe:secret@127.0.0.1:5432/paraphe",
  ),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtp://user:secret@smtp.example.com:587"),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .default("Paraphe <no-reply@paraphe.localhost>")
      .refine((value) => /^[^\r\n]*[^\s<>@]+@[^\s<>@]+[^\r\n]*$/.test(value), {
        message:
          'must be an address such as no-reply@example.com or "Paraphe <no-reply@example.com>"',
      }),
  ),
  BLOB_STORAGE: optionalText.pipe(
    z
      .enum(["local", "s3"], {
        message: "must be local (encrypted files in BLOB_DIR) or s3 (an S3-compatible bucket)",
      })
      .default("local"),
  ),
  S3_ENDPOINT: optionalText.pipe(
    z
      .string()
      .refine((value) => value.length <= 2048 && isHttpUrl(value), {
        message:
          "must be an http:// or https:// address of at most 2048 characters, for example http://127.0.0.1:9000",
      })
      .refine((value) => URL.parse(value)?.username === "", {
        // The value itself is never repeated: it may hold a secret.
        message: "must not hold credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, {
        message:
          "must be a region name of lower-case letters, digits and hyphens, such as eu-west-3 or auto",
      })
      .optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        message: "must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens",
      })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{1,128}$/, {
        message: "must be 1 to 128 printable characters without spaces",
      })
      .optional(),
  ),
  S3_SECRET_ACCESS_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{1,256}$/, {
        // The value itself is never repeated: it is a secret.
        message: "must be 1 to 256 printable characters without spaces",
      })
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: optionalText.pipe(
    z
      .enum(["0", "1"], {
        message: "must be 1 (bucket in the path) or 0 (bucket in the host name)",
      })
      .default("0")
      .transform((value) => value === "1"),
  ),
  BLOB_DIR: optionalText,
  BLOB_MASTER_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => decodeMasterKey(value) !== undefined, {
        // The value itself is never repeated: it is a secret.
        message:
          "must be the base64 encoding of exactly 32 bytes (generate one with `openssl rand -base64 32`)",
      })
      .optional(),
  ),
  LOG_LEVEL: optionalText.pipe(
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ),
  TUNNEL_SESSION_STORE: optionalText.pipe(
    z.enum(["memory", "database"], { message: "must be memory or database" }).default("memory"),
  ),
  TUNNEL_IDLE_TIMEOUT_SECONDS: seconds("1800"),
  TUNNEL_MAX_AGE_SECONDS: seconds("43200"),
  SESSION_IDLE_TIMEOUT_SECONDS: positiveInteger("604800", 60, MAX_SESSION_LIFETIME_SECONDS),
  SESSION_MAX_AGE_SECONDS: positiveInteger("2592000", 60, MAX_SESSION_LIFETIME_SECONDS),
  APP_CREDENTIALS: optionalText.pipe(
    z
      .string()
      .default(DEFAULT_APP_CREDENTIALS)
      .refine((value) => parseAppCredentials(value) !== undefined, {
        message:
          "must be accessKey:secretKey pairs separated by commas, for example web:abc123,sign:def456",
      })
      .transform((value) => parseAppCredentials(value) ?? new Map<string, string>()),
  ),
  MAX_UPLOAD_BYTES: positiveInteger("20971520", 1024, 1024 * 1024 * 1024),
  MAX_UPLOAD_PAGES: positiveInteger("500", 1, 100_000),
  DOCUMENT_WORKER_TIMEOUT_SECONDS: positiveInteger("120", 1, 3600),
  DOCUMENT_WORKER_MAX_HEAP_MB: positiveInteger("512", 64, 65_536),
  DOCUMENT_WORKER_QUEUE_LIMIT: positiveInteger("8", 0, 10_000),
  SEAL_P12_FILE: optionalText,
  SEAL_P12_PASSPHRASE: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === "" ? undefined : value)),
  TSA_URL: optionalText.pipe(
    z
      .string()
      .refine(isHttpUrl, {
        message: "must be an http:// or https:// address, for example http://timestamp.example.com",
      })
      .optional(),
  ),
  TRUSTED_PROXIES: optionalText.pipe(
    z
      .string()
      .refine((value) => parseTrustedProxies(value) !== undefined, {
        message:
          "must be IP addresses or CIDR ranges separated by commas, for example 127.0.0.1,10.0.0.0/8",
      })
      .transform((value) => parseTrustedProxies(value) ?? [])
      .optional(),
  ),
  TUNNEL_MAX_SESSIONS: positiveInteger("100000", 10, 10_000_000),
  TUNNEL_MAX_SESSIONS_PER_ADDRESS: positiveInteger("1000", 1, 10_000_000),
  TUNNEL_HANDSHAKES_PER_ADDRESS: positiveInteger("600", 1, 1_000_000),
  LOGIN_CODES_PER_ADDRESS: positiveInteger("20", 1, 1_000_000),
  LOGIN_CODE_CHECKS_PER_ADDRESS: positiveInteger("30", 1, 1_000_000),
  DEFAULT_TEAM_SEATS: positiveInteger("0", 0, 1_000_000),
  JOB_LEASE_SECONDS: positiveInteger("180", 1, 24 * 3600),
  JOB_RETRY_SECONDS: positiveInteger("5", 1, 3600),
  SUPPORT_OPERATORS: optionalText.pipe(
    z
      .string()
      .max(10_000, { message: "must be at most 10000 characters" })
      .refine((value) => parseEmails(value) !== undefined, {
        message: "must be email addresses separated by commas, for example help@example.com",
      })
      .transform((value) => parseEmails(value) ?? [])
      .optional(),
  ),
  DNS_RESOLVER: optionalText.pipe(
    z
      .string()
      .max(2000, { message: "must be at most 2000 characters" })
      .refine((value) => parseDnsResolvers(value) !== undefined, {
        message:
          "must be IP addresses with an optional port separated by commas, for example 1.1.1.1,[2606:4700:4700::1111]:53",
      })
      .transform((value) => parseDnsResolvers(value) ?? [])
      .optional(),
  ),
  SSO_DOMAIN_VERIFICATION: optionalText.pipe(
    z
      .enum(["dns", "skip"], {
        message: "must be dns (TXT records are checked) or skip (development only)",
      })
      .default("dns"),
  ),
});

/**
 * `DNS_RESOLVER` as `host:port` entries for node:dns `Resolver.setServers` (`1.1.1.1`,
 * `1.1.1.1:5353`, `[::1]:53`), or undefined when an entry is not an IP address with an optional port.
 */
export function parseDnsResolvers(value: string): string[] | undefined {
  const servers: string[] = [];
  for (const part of value.split(",")) {
    const entry = part.trim();
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)|([0-9a-fA-F:]+))(?::(\d{1,5}))?$/.exec(entry);
    const bracketed = match?.[1];
    const host = bracketed ?? match?.[2] ?? match?.[3];
    if (host === undefined || isIP(host) === 0) return undefined;
    // A bare IPv6 address takes no port: `::1:53` is an address.
    const port = match?.[4];
    if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
    const family = isIP(host);
    servers.push(
      port === undefined ? host : family === 6 ? `[${host}]:${port}` : `${host}:${port}`,
    );
  }
  return servers.length > 0 ? servers : undefined;
}

function positiveInteger(defaultValue: string, min: number, max: number) {
  return optionalText.pipe(
    z
      .string()
      .default(defaultValue)
      .refine((value) => /^\d{1,12}$/.test(value) && Number(value) >= min && Number(value) <= max, {
        message: `must be a whole number from ${min} to ${max}`,
      })
      .transform(Number),
  );
}

/** `key:secret,key:secret` as a map, or undefined when malformed or a key repeats. */
export function parseAppCredentials(value: string): Map<string, string> | undefined {
  const map = new Map<string, string>();
  for (const pair of value.split(",")) {
    const match = /^\s*([A-Za-z0-9._-]{3,64}):([^\s,]{8,256})\s*$/.exec(pair);
    if (!match?.[1] || !match[2] || map.has(match[1])) return undefined;
    map.set(match[1], match[2]);
  }
  return map.size > 0 ? map : undefined;
}

/** `SUPPORT_OPERATORS` as lower-case email addresses, or undefined when an entry is not one. */
function parseEmails(value: string): string[] | undefined {
  const emails = new Set<string>();
  for (const entry of value.split(",").map((part) => part.trim().toLowerCase())) {
    if (!z.email({ pattern: z.regexes.unicodeEmail }).safeParse(entry).success) return undefined;
    emails.add(entry);
  }
  return [...emails];
}

/**
 * `CORS_ORIGINS` as a list of origins (scheme, host and port only: `https://tools.example.com`), or
 * undefined when an entry is not one.
 */
function parseOrigins(value: string): string[] | undefined {
  const origins: string[] = [];
  for (const entry of value.split(",").map((part) => part.trim())) {
    if (entry === "" || !isHttpUrl(entry)) return undefined;
    const origin = new URL(entry).origin;
    if (origin !== entry.replace(/\/$/, "")) return undefined;
    origins.push(origin);
  }
  return origins;
}

/**
 * `TRUSTED_PROXIES` as a list of IP addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`), or
 * undefined when an entry is neither.
 */
export function parseTrustedProxies(value: string): string[] | undefined {
  const entries: string[] = [];
  for (const part of value.split(",")) {
    const entry = part.trim();
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return undefined;
    if (prefix !== undefined) {
      const bits = family === 4 ? 32 : 128;
      if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return undefined;
    }
    entries.push(entry);
  }
  return entries;
}

function decodeMasterKey(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const key = Buffer.from(value, "base64");
  return key.length === 32 ? key : undefined;
}

export interface LoadConfigOptions {
  /** Directory that relative paths are resolved against; the process's working directory by default. */
  cwd?: string;
  /**
   * Whether the secrets production requires (BLOB_MASTER_KEY, SMTP_URL) and the settings of an S3
   * store must be set; true by default. The build turns it off to measure the non-secret
   * configuration it is given.
   */
  requireProductionSecrets?: boolean;
}

/**
 * Reads and validates the configuration. Call it once, at start, with `process.env`; everything else
 * receives the resulting object. Throws a {@link ConfigError} naming each invalid variable.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: LoadConfigOptions = {},
): Config {
  const cwd = options.cwd ?? process.cwd();
  const parsed = envSchema.safeParse(pickVariables(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        problem: issue.message,
      })),
    );
  }
  const vars = parsed.data;
  const problems: { variable: string; problem: string }[] = [];
  if (vars.NODE_ENV === "production" && options.requireProductionSecrets !== false) {
    if (vars.BLOB_MASTER_KEY === undefined) {
      problems.push({
        variable: "BLOB_MASTER_KEY",
        problem:
          "is required when NODE_ENV=production (generate one with `openssl rand -base64 32`)",
      });
    }
    if (vars.SSO_DOMAIN_VERIFICATION === "skip") {
      problems.push({
        variable: "SSO_DOMAIN_VERIFICATION",
        problem:
          "skip is refused when NODE_ENV=production: single sign-on domains must be proven by their DNS TXT record (set dns or leave it unset)",
      });
    }
    if (vars.SMTP_URL === undefined) {
      problems.push({
        variable: "SMTP_URL",
        problem:
          "is required when NODE_ENV=production (the development mailbox does not exist in production)",
      });
    }
  }
  // The build measures BLOB_STORAGE without the store's settings (a secret among them).
  if (vars.BLOB_STORAGE === "s3" && options.requireProductionSecrets !== false) {
    for (const variable of [
      "S3_REGION",
      "S3_BUCKET",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ] as const) {
      if (vars[variable] === undefined) {
        problems.push({ variable, problem: "is required when BLOB_STORAGE=s3" });
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(cwd, vars.DATA_DIR);
  return {
    nodeEnv: vars.NODE_ENV,
    host: vars.API_HOST,
    port: vars.API_PORT,
    webUrl: vars.WEB_URL,
    signUrl: vars.SIGN_URL,
    corsOrigins: vars.CORS_ORIGINS ?? [],
    publicApiUrl: vars.PUBLIC_API_URL,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    pgliteDir: path.join(dataDir, "pglite"),
    smtpUrl: vars.SMTP_URL,
    devMailbox: vars.DEV_MAILBOX,
    mailFrom: vars.MAIL_FROM,
    blobStorage: vars.BLOB_STORAGE,
    s3:
      vars.BLOB_STORAGE === "s3" &&
      vars.S3_REGION !== undefined &&
      vars.S3_BUCKET !== undefined &&
      vars.S3_ACCESS_KEY_ID !== undefined &&
      vars.S3_SECRET_ACCESS_KEY !== undefined
        ? {
            endpoint: vars.S3_ENDPOINT,
            region: vars.S3_REGION,
            bucket: vars.S3_BUCKET,
            accessKeyId: vars.S3_ACCESS_KEY_ID,
            secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
            forcePathStyle: vars.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    blobDir:
      vars.BLOB_DIR === undefined ? path.join(dataDir, "blobs") : path.resolve(cwd, vars.BLOB_DIR),
    blobMasterKey:
      vars.BLOB_MASTER_KEY === undefined ? undefined : decodeMasterKey(vars.BLOB_MASTER_KEY),
    blobMasterKeyFile: path.join(dataDir, "master.key"),
    logLevel: vars.LOG_LEVEL,
    tunnelSessionStore: vars.TUNNEL_SESSION_STORE,
    tunnelIdleTimeoutSeconds: vars.TUNNEL_IDLE_TIMEOUT_SECONDS,
    tunnelMaxAgeSeconds: vars.TUNNEL_MAX_AGE_SECONDS,
    sessionIdleTimeoutSeconds: vars.SESSION_IDLE_TIMEOUT_SECONDS,
    sessionMaxAgeSeconds: vars.SESSION_MAX_AGE_SECONDS,
    appCredentials: vars.APP_CREDENTIALS,
    maxUploadBytes: vars.MAX_UPLOAD_BYTES,
    maxUploadPages: vars.MAX_UPLOAD_PAGES,
    sealP12File:
      vars.SEAL_P12_FILE === undefined ? undefined : path.resolve(cwd, vars.SEAL_P12_FILE),
    sealP12Passphrase: vars.SEAL_P12_PASSPHRASE,
    tsaUrl: vars.TSA_URL,
    trustedProxies: vars.TRUSTED_PROXIES ?? [],
    documentWorkerTimeoutSeconds: vars.DOCUMENT_WORKER_TIMEOUT_SECONDS,
    documentWorkerMaxHeapMb: vars.DOCUMENT_WORKER_MAX_HEAP_MB,
    documentWorkerQueueLimit: vars.DOCUMENT_WORKER_QUEUE_LIMIT,
    tunnelMaxSessions: vars.TUNNEL_MAX_SESSIONS,
    tunnelMaxSessionsPerAddress: vars.TUNNEL_MAX_SESSIONS_PER_ADDRESS,
    tunnelHandshakesPerAddress: vars.TUNNEL_HANDSHAKES_PER_ADDRESS,
    loginCodesPerAddress: vars.LOGIN_CODES_PER_ADDRESS,
    loginCodeChecksPerAddress: vars.LOGIN_CODE_CHECKS_PER_ADDRESS,
    defaultTeamSeats: vars.DEFAULT_TEAM_SEATS === 0 ? null : vars.DEFAULT_TEAM_SEATS,
    jobLeaseSeconds: vars.JOB_LEASE_SECONDS,
    jobRetrySeconds: vars.JOB_RETRY_SECONDS,
    supportOperators: vars.SUPPORT_OPERATORS ?? [],
    dnsResolvers: vars.DNS_RESOLVER ?? [],
    ssoDomainVerification: vars.SSO_DOMAIN_VERIFICATION,
  };
}

function pickVariables(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  return Object.fromEntries(configVariables.map((variable) => [variable.name, env[variable.name]]));
}

/** Whether mail goes to the development mailbox (no SMTP server configured, not in production). */
export function usesDevMailbox(config: Pick<Config, "smtpUrl" | "nodeEnv">): boolean {
  return config.smtpUrl === undefined && config.nodeEnv !== "production";
}

/**
 * Whether the development mailbox is served at /dev/mailbox: mail goes to it, DEV_MAILBOX=1 asks
 * for it, and the api listens on a loopback address only, so no other machine can read it.
 */
export function servesDevMailbox(
  config: Pick<Config, "smtpUrl" | "nodeEnv" | "devMailbox" | "host">,
): boolean {
  return usesDevMailbox(config) && config.devMailbox && isLoopbackHost(config.host);
}

/** Whether `host` names a loopback interface only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (name === "localhost" || name === "::1") return true;
  if (isIPv4(name)) return name.startsWith("127.");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(name)?.[1];
  return mapped !== undefined && isIPv4(mapped) && mapped.startsWith("127.");
}

/** A URL with its password (and a user name alone stays) replaced by `***`. */
export function maskUrlPassword(value: string): string {
  const url = URL.parse(value);
  if (url === null) return "***";
  if (url.password !== "") url.password = "***";
  for (const key of [...url.searchParams.keys()]) {
    if (/pass|secret|key|token/i.test(key)) url.searchParams.set(key, "***");
  }
  return url.toString();
}

/**
 * The configuration as variable -> value, fit to print at start: passwords inside DATABASE_URL and
 * SMTP_URL are masked, and the master key is never shown (only where it comes from).
 */
export function describeConfig(config: Config): Record<string, string> {
  return {
    NODE_ENV: config.nodeEnv,
    API_HOST: config.host,
    API_PORT: String(config.port),
    WEB_URL: config.webUrl,
    SIGN_URL: config.signUrl,
    CORS_ORIGINS:
      config.corsOrigins.length === 0 ? "(unset: the two apps only)" : config.corsOrigins.join(","),
    PUBLIC_API_URL: config.publicApiUrl,
    DATA_DIR: config.dataDir,
    DATABASE_URL:
      config.databaseUrl === undefined
        ? `(unset: embedded PGlite in ${config.pgliteDir})`
        : maskUrlPassword(config.databaseUrl),
    SMTP_URL:
      config.smtpUrl === undefined
        ? servesDevMailbox(config)
          ? "(unset: development mailbox at /dev/mailbox)"
          : usesDevMailbox(config)
            ? "(unset: development mailbox, not served; set DEV_MAILBOX=1 and a loopback API_HOST)"
            : "(unset)"
        : maskUrlPassword(config.smtpUrl),
    DEV_MAILBOX: config.devMailbox ? "1" : "0",
    MAIL_FROM: config.mailFrom,
    BLOB_STORAGE: config.blobStorage,
    BLOB_DIR: config.blobDir,
    BLOB_MASTER_KEY:
      config.blobMasterKey === undefined
        ? `(unset: development key file ${config.blobMasterKeyFile})`
        : "(set, not shown)",
    ...describeS3(config.s3),
    LOG_LEVEL: config.logLevel,
    TUNNEL_SESSION_STORE: config.tunnelSessionStore,
    TUNNEL_IDLE_TIMEOUT_SECONDS: String(config.tunnelIdleTimeoutSeconds),
    TUNNEL_MAX_AGE_SECONDS: String(config.tunnelMaxAgeSeconds),
    SESSION_IDLE_TIMEOUT_SECONDS: String(config.sessionIdleTimeoutSeconds),
    SESSION_MAX_AGE_SECONDS: String(config.sessionMaxAgeSeconds),
    APP_CREDENTIALS: [...config.appCredentials.keys()].join(", ") + " (secret keys not shown)",
    MAX_UPLOAD_BYTES: String(config.maxUploadBytes),
    MAX_UPLOAD_PAGES: String(config.maxUploadPages),
    SEAL_P12_FILE:
      config.sealP12File ?? `(unset: development certificate in ${config.dataDir}/platform-seal)`,
    SEAL_P12_PASSPHRASE: config.sealP12Passphrase === undefined ? "(unset)" : "(set, not shown)",
    TSA_URL:
      config.tsaUrl === undefined ? "(unset: seals are PAdES B-B)" : maskUrlPassword(config.tsaUrl),
    TRUSTED_PROXIES:
      config.trustedProxies.length === 0
        ? "(unset: X-Forwarded-For is ignored)"
        : config.trustedProxies.join(","),
    DOCUMENT_WORKER_TIMEOUT_SECONDS: String(config.documentWorkerTimeoutSeconds),
    DOCUMENT_WORKER_MAX_HEAP_MB: String(config.documentWorkerMaxHeapMb),
    DOCUMENT_WORKER_QUEUE_LIMIT: String(config.documentWorkerQueueLimit),
    TUNNEL_MAX_SESSIONS: String(config.tunnelMaxSessions),
    TUNNEL_MAX_SESSIONS_PER_ADDRESS: String(config.tunnelMaxSessionsPerAddress),
    TUNNEL_HANDSHAKES_PER_ADDRESS: String(config.tunnelHandshakesPerAddress),
    LOGIN_CODES_PER_ADDRESS: String(config.loginCodesPerAddress),
    LOGIN_CODE_CHECKS_PER_ADDRESS: String(config.loginCodeChecksPerAddress),
    DEFAULT_TEAM_SEATS: config.defaultTeamSeats === null ? "0" : String(config.defaultTeamSeats),
    JOB_LEASE_SECONDS: String(config.jobLeaseSeconds),
    JOB_RETRY_SECONDS: String(config.jobRetrySeconds),
    SUPPORT_OPERATORS:
      config.supportOperators.length === 0
        ? "(unset: nobody answers support)"
        : config.supportOperators.join(","),
    DNS_RESOLVER:
      config.dnsResolvers.length === 0
        ? "(unset: the system's resolvers)"
        : config.dnsResolvers.join(","),
    SSO_DOMAIN_VERIFICATION: config.ssoDomainVerification,
  };
}

function describeS3(s3: S3StorageSettings | undefined): Record<string, string> {
  const unused = "(unused: BLOB_STORAGE=local)";
  return {
    S3_ENDPOINT:
      s3 === undefined
        ? unused
        : s3.endpoint === undefined
          ? "(unset: Amazon S3)"
          : maskUrlPassword(s3.endpoint),
    S3_REGION: s3?.region ?? unused,
    S3_BUCKET: s3?.bucket ?? unused,
    S3_ACCESS_KEY_ID: s3?.accessKeyId ?? unused,
    S3_SECRET_ACCESS_KEY: s3 === undefined ? unused : "(set, not shown)",
    S3_FORCE_PATH_STYLE: s3?.forcePathStyle === true ? "1" : "0",
  };
}

/** The configuration variables as a markdown table (the one in the README). */
export function configTableMarkdown(): string {
  const rows = configVariables.map(
    (variable) =>
      `| \`${variable.name}\` | ${variable.default === undefined ? "(unset)" : `\`${variable.default}\``} | ${variable.description} |`,
  );
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}
