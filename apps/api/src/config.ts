import { isIPv4 } from "node:net";
import path from "node:path";
import type { z } from "zod";
import type { LOG_LEVELS } from "./configuration/observability-variables";
import type { Variable } from "./configuration/variable";
import { variables, type VariableName } from "./configuration/variables";

export { DEFAULT_APP_CREDENTIALS } from "./configuration/session-variables";
export {
  parseAppCredentials,
  parseDnsResolvers,
  parseTrustedProxies,
} from "./configuration/values";

/** The S3-compatible store of the S3_* variables. */
export interface S3StorageSettings {
  /** S3_ENDPOINT; undefined: Amazon S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  /** S3_SECRET_ACCESS_KEY: never printed nor logged. */
  secretAccessKey: string;
  /** Bucket in the path (`https://host/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
}

type Variables = typeof variables;
type Output<S> = S extends { parse: z.ZodType<infer T, string> } ? T : never;
/** A variable's value: never undefined when it has a default or a value for unset. */
type ValueOf<S> = S extends { default: string } | { whenUnset: unknown }
  ? Output<S>
  : Output<S> | undefined;
type KeyOf<S> = S extends { key: infer K extends string } ? K : never;

/** The values of the variables that have a field of their own, by field (`API_PORT` → `port`). */
type Settings = { [N in keyof Variables as KeyOf<Variables[N]>]: ValueOf<Variables[N]> };

/**
 * The validated configuration of the api, read from the environment once at start: every variable
 * of `configuration/variables.ts` with a `key` under that name (paths resolved against the working
 * directory), and what is derived from the others.
 */
export type Config = Settings & {
  /** Embedded PGlite's directory, in DATA_DIR (used when DATABASE_URL is unset). */
  pgliteDir: string;
  /** Absolute path of the local blob directory (BLOB_DIR). */
  blobDir: string;
  /** Where the development master key is kept when BLOB_MASTER_KEY is unset. */
  blobMasterKeyFile: string;
  /** The S3-compatible store (the S3_* variables) when BLOB_STORAGE is `s3`, otherwise undefined. */
  s3: S3StorageSettings | undefined;
};

export type NodeEnv = Config["nodeEnv"];
export type LogLevel = (typeof LOG_LEVELS)[number];
export type TunnelSessionStoreKind = Config["tunnelSessionStore"];
export type BlobStorageKind = Config["blobStorage"];

export interface ConfigVariable {
  name: string;
  description: string;
  /** The default, in words; undefined when the variable has none and is optional. */
  default: string | undefined;
}

const entries = Object.entries(variables) as [VariableName, Variable<unknown>][];

/** Every environment variable the api reads, in the order they are documented. */
export const configVariables: readonly ConfigVariable[] = entries.map(([name, spec]) => ({
  name,
  description: spec.description,
  default:
    spec.documentedDefault === undefined ? spec.default : (spec.documentedDefault ?? undefined),
}));

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

/** Each variable's value (unset or blank: its default, then its value for unset), by name. */
function readVariables(env: Readonly<Record<string, string | undefined>>): {
  values: Map<VariableName, unknown>;
  problems: { variable: string; problem: string }[];
} {
  const values = new Map<VariableName, unknown>();
  const problems: { variable: string; problem: string }[] = [];
  for (const [name, spec] of entries) {
    const raw = env[name];
    const text =
      raw === undefined || raw.trim() === "" ? spec.default : spec.untrimmed ? raw : raw.trim();
    if (text === undefined) {
      values.set(name, spec.whenUnset);
      continue;
    }
    const parsed = spec.parse.safeParse(text);
    if (parsed.success) values.set(name, parsed.data);
    else
      problems.push(
        ...parsed.error.issues.map((issue) => ({ variable: name, problem: issue.message })),
      );
  }
  return { values, problems };
}

/** Problems of a valid set of values together: production's secrets, an S3 store's settings. */
function crossProblems(
  values: ReadonlyMap<VariableName, unknown>,
  options: LoadConfigOptions,
): { variable: string; problem: string }[] {
  if (options.requireProductionSecrets === false) return [];
  const problems: { variable: string; problem: string }[] = [];
  const unset = (name: VariableName) => values.get(name) === undefined;
  if (values.get("NODE_ENV") === "production") {
    if (unset("BLOB_MASTER_KEY")) {
      problems.push({
        variable: "BLOB_MASTER_KEY",
        problem:
          "is required when NODE_ENV=production (generate one with `openssl rand -base64 32`)",
      });
    }
    if (values.get("SSO_DOMAIN_VERIFICATION") === "skip") {
      problems.push({
        variable: "SSO_DOMAIN_VERIFICATION",
        problem:
          "skip is refused when NODE_ENV=production: single sign-on domains must be proven by their DNS TXT record (set dns or leave it unset)",
      });
    }
    if (unset("SMTP_URL")) {
      problems.push({
        variable: "SMTP_URL",
        problem:
          "is required when NODE_ENV=production (the development mailbox does not exist in production)",
      });
    }
  }
  // An SMS provider is configured whole or not at all.
  const sms = SMS_REQUIRED.filter((name) => !unset(name));
  if (sms.length > 0) {
    for (const name of SMS_REQUIRED) {
      if (unset(name))
        problems.push({
          variable: name,
          problem: `is required when ${sms.join(" and ")} ${sms.length > 1 ? "are" : "is"} set (an SMS provider needs SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM)`,
        });
    }
  }
  // A qualified signature provider is configured whole or not at all.
  const csc = CSC_REQUIRED.filter((name) => !unset(name));
  if (csc.length > 0) {
    for (const name of CSC_REQUIRED) {
      if (unset(name))
        problems.push({
          variable: name,
          problem: `is required when ${csc.join(" and ")} ${csc.length > 1 ? "are" : "is"} set (a qualified signature provider needs CSC_BASE_URL, CSC_CLIENT_ID and CSC_CLIENT_SECRET)`,
        });
    }
  }
  // The build measures BLOB_STORAGE without the store's settings (a secret among them).
  if (values.get("BLOB_STORAGE") === "s3") {
    for (const name of S3_REQUIRED) {
      if (unset(name))
        problems.push({ variable: name, problem: "is required when BLOB_STORAGE=s3" });
    }
  }
  return problems;
}

const SMS_REQUIRED = ["SMS_ACCOUNT_SID", "SMS_AUTH_TOKEN", "SMS_FROM"] as const;

const CSC_REQUIRED = ["CSC_BASE_URL", "CSC_CLIENT_ID", "CSC_CLIENT_SECRET"] as const;

const S3_REQUIRED = ["S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/**
 * Reads and validates the configuration. Call it once, at start, with `process.env`; everything else
 * receives the resulting object. Throws a {@link ConfigError} naming each invalid variable.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: LoadConfigOptions = {},
): Config {
  const cwd = options.cwd ?? process.cwd();
  const { values, problems } = readVariables(env);
  if (problems.length > 0) throw new ConfigError(problems);
  const together = crossProblems(values, options);
  if (together.length > 0) throw new ConfigError(together);

  const settings = Object.fromEntries(
    entries.flatMap(([name, spec]) =>
      spec.key === undefined ? [] : [[spec.key, values.get(name)]],
    ),
  ) as Settings;
  const text = (name: VariableName) => values.get(name) as string | undefined;
  const dataDir = path.resolve(cwd, settings.dataDir);
  const blobDir = text("BLOB_DIR");
  const [region, bucket, accessKeyId, secretAccessKey] = S3_REQUIRED.map(text);
  return {
    ...settings,
    dataDir,
    pgliteDir: path.join(dataDir, "pglite"),
    blobDir: blobDir === undefined ? path.join(dataDir, "blobs") : path.resolve(cwd, blobDir),
    blobMasterKeyFile: path.join(dataDir, "master.key"),
    sealP12File:
      settings.sealP12File === undefined ? undefined : path.resolve(cwd, settings.sealP12File),
    signerCaP12File:
      settings.signerCaP12File === undefined
        ? undefined
        : path.resolve(cwd, settings.signerCaP12File),
    s3:
      settings.blobStorage === "s3" &&
      region !== undefined &&
      bucket !== undefined &&
      accessKeyId !== undefined &&
      secretAccessKey !== undefined
        ? {
            endpoint: text("S3_ENDPOINT"),
            region,
            bucket,
            accessKeyId,
            secretAccessKey,
            forcePathStyle: values.get("S3_FORCE_PATH_STYLE") === true,
          }
        : undefined,
  };
}

/** Whether mail goes to the development mailbox (no SMTP server configured, not in production). */
export function usesDevMailbox(config: Pick<Config, "smtpUrl" | "nodeEnv">): boolean {
  return config.smtpUrl === undefined && config.nodeEnv !== "production";
}

/** Whether an SMS provider is configured (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM). */
export function hasSmsProvider(
  config: Pick<Config, "smsAccountSid" | "smsAuthToken" | "smsFrom">,
): boolean {
  return (
    config.smsAccountSid !== undefined &&
    config.smsAuthToken !== undefined &&
    config.smsFrom !== undefined
  );
}

/**
 * Whether a qualified signature provider is configured (CSC_BASE_URL, CSC_CLIENT_ID and
 * CSC_CLIENT_SECRET): without one, QES is unavailable.
 */
export function hasQesProvider(
  config: Pick<Config, "cscBaseUrl" | "cscClientId" | "cscClientSecret">,
): boolean {
  return (
    config.cscBaseUrl !== undefined &&
    config.cscClientId !== undefined &&
    config.cscClientSecret !== undefined
  );
}

/**
 * Whether signers may be checked by a code sent by SMS: a provider is configured, or, outside
 * production, SMS go to the development mailbox.
 */
export function smsVerificationAvailable(
  config: Pick<Config, "smsAccountSid" | "smsAuthToken" | "smsFrom" | "nodeEnv">,
): boolean {
  return hasSmsProvider(config) || config.nodeEnv !== "production";
}

/**
 * Whether the advanced level (AES) can be offered: a signer certification authority is configured
 * (SIGNER_CA_P12_FILE), or, outside production, the development authority is generated.
 */
export function aesAvailable(config: Pick<Config, "signerCaP12File" | "nodeEnv">): boolean {
  return config.signerCaP12File !== undefined || config.nodeEnv !== "production";
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

/** How the start log shows the variables whose value is not printed as it is. */
function shownApart(config: Config): Partial<Record<VariableName, string>> {
  const s3 = config.s3;
  const unusedS3 = "(unused: BLOB_STORAGE=local)";
  return {
    DATABASE_URL:
      config.databaseUrl === undefined
        ? `(unset: embedded PGlite in ${config.pgliteDir})`
        : undefined,
    SMTP_URL:
      config.smtpUrl === undefined
        ? servesDevMailbox(config)
          ? "(unset: development mailbox at /dev/mailbox)"
          : usesDevMailbox(config)
            ? "(unset: development mailbox, not served; set DEV_MAILBOX=1 and a loopback API_HOST)"
            : "(unset)"
        : undefined,
    SMS_ACCOUNT_SID: hasSmsProvider(config)
      ? undefined
      : config.nodeEnv === "production"
        ? "(unset: no SMS provider, the SMS check is unavailable)"
        : "(unset: SMS go to the development mailbox)",
    BLOB_DIR: config.blobDir,
    BLOB_MASTER_KEY:
      config.blobMasterKey === undefined
        ? `(unset: development key file ${config.blobMasterKeyFile})`
        : undefined,
    S3_ENDPOINT:
      s3 === undefined
        ? unusedS3
        : s3.endpoint === undefined
          ? "(unset: Amazon S3)"
          : maskUrlPassword(s3.endpoint),
    S3_REGION: s3?.region ?? unusedS3,
    S3_BUCKET: s3?.bucket ?? unusedS3,
    S3_ACCESS_KEY_ID: s3?.accessKeyId ?? unusedS3,
    S3_SECRET_ACCESS_KEY: s3 === undefined ? unusedS3 : "(set, not shown)",
    S3_FORCE_PATH_STYLE: s3?.forcePathStyle === true ? "1" : "0",
    APP_CREDENTIALS: [...config.appCredentials.keys()].join(", ") + " (secret keys not shown)",
    SEAL_P12_FILE:
      config.sealP12File ?? `(unset: development certificate in ${config.dataDir}/platform-seal)`,
    SIGNER_CA_P12_FILE:
      config.signerCaP12File ??
      (config.nodeEnv === "production"
        ? "(unset: no signer authority, the advanced level AES is unavailable)"
        : `(unset: development signer authority in ${config.dataDir}/signer-ca)`),
    DEFAULT_TEAM_SEATS: config.defaultTeamSeats === null ? "0" : undefined,
  };
}

/** A value as the start log prints it. */
function shown(spec: Variable<unknown>, value: unknown): string {
  const unset =
    value === undefined || value === null || (Array.isArray(value) && value.length === 0);
  if (unset) return spec.shownWhenUnset ?? "(unset)";
  if (spec.secret) return "(set, not shown)";
  if (Array.isArray(value)) return value.join(",");
  if (typeof value === "boolean") return value ? "1" : "0";
  if (spec.masked) return maskUrlPassword(String(value));
  return String(value);
}

/**
 * The configuration as variable -> value, fit to print at start: passwords inside URLs are masked,
 * and secrets are never shown (only whether they are set, or where they come from).
 */
export function describeConfig(config: Config): Record<string, string> {
  const apart = shownApart(config);
  const byKey = config as unknown as Record<string, unknown>;
  return Object.fromEntries(
    entries.map(([name, spec]) => [
      name,
      apart[name] ?? shown(spec, spec.key === undefined ? undefined : byKey[spec.key]),
    ]),
  );
}

/** The configuration variables as a markdown table (the one in the README). */
export function configTableMarkdown(): string {
  const rows = configVariables.map(
    (variable) =>
      `| \`${variable.name}\` | ${variable.default === undefined ? "(unset)" : `\`${variable.default}\``} | ${variable.description} |`,
  );
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}
