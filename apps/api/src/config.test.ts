import { describe, expect, it } from "vitest";
import {
  aesAvailable,
  ConfigError,
  configVariables,
  describeConfig,
  hasSmsProvider,
  smsVerificationAvailable,
  loadConfig,
  maskUrlPassword,
  usesDevMailbox,
} from "./config";

const KEY = Buffer.alloc(32, 9).toString("base64");

function problemsOf(env: Record<string, string>): { variable: string; problem: string }[] {
  try {
    loadConfig(env, { cwd: "/srv/paraphe" });
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("applies the documented defaults, with data paths made absolute from the working directory", () => {
    const config = loadConfig({}, { cwd: "/srv/paraphe" });
    expect(config).toEqual({
      nodeEnv: "development",
      host: "127.0.0.1",
      port: 3000,
      webUrl: "http://localhost:5173",
      signUrl: "http://localhost:5174",
      corsOrigins: [],
      publicApiUrl: "http://localhost:3000",
      dataDir: "/srv/paraphe/.data",
      databaseUrl: undefined,
      pgliteDir: "/srv/paraphe/.data/pglite",
      smtpUrl: undefined,
      devMailbox: false,
      mailFrom: "Paraphe <no-reply@paraphe.localhost>",
      smsProviderUrl: "https://api.twilio.com",
      smsAccountSid: undefined,
      smsAuthToken: undefined,
      smsFrom: undefined,
      blobStorage: "local",
      s3: undefined,
      blobDir: "/srv/paraphe/.data/blobs",
      blobMasterKey: undefined,
      blobMasterKeyFile: "/srv/paraphe/.data/master.key",
      logLevel: "info",
      metricsPort: undefined,
      metricsHost: "127.0.0.1",
      otlpEndpoint: undefined,
      tunnelSessionStore: "memory",
      tunnelIdleTimeoutSeconds: 1800,
      tunnelMaxAgeSeconds: 43200,
      sessionIdleTimeoutSeconds: 604800,
      sessionMaxAgeSeconds: 2592000,
      appCredentials: new Map([
        ["paraphe-web", "paraphe-web-app-credential"],
        ["paraphe-sign", "paraphe-sign-app-credential"],
      ]),
      maxUploadBytes: 20 * 1024 * 1024,
      maxUploadPages: 500,
      sealP12File: undefined,
      sealP12Passphrase: undefined,
      tsaUrl: undefined,
      trustedProxies: [],
      documentWorkerTimeoutSeconds: 120,
      documentWorkerMaxHeapMb: 512,
      documentWorkerQueueLimit: 8,
      tunnelMaxSessions: 100_000,
      tunnelMaxSessionsPerAddress: 1000,
      tunnelHandshakesPerAddress: 600,
      loginCodesPerAddress: 20,
      loginCodeChecksPerAddress: 30,
      defaultTeamSeats: null,
      jobLeaseSeconds: 180,
      jobRetrySeconds: 5,
      supportOperators: [],
      dnsResolvers: [],
      ssoDomainVerification: "dns",
    });
    expect(usesDevMailbox(config)).toBe(true);
  });

  it("reads the document worker limits and refuses a heap cap too small to load the worker", () => {
    expect(
      loadConfig({
        DOCUMENT_WORKER_TIMEOUT_SECONDS: "30",
        DOCUMENT_WORKER_MAX_HEAP_MB: "256",
        DOCUMENT_WORKER_QUEUE_LIMIT: "0",
      }),
    ).toMatchObject({
      documentWorkerTimeoutSeconds: 30,
      documentWorkerMaxHeapMb: 256,
      documentWorkerQueueLimit: 0,
    });
    expect(
      problemsOf({
        DOCUMENT_WORKER_TIMEOUT_SECONDS: "0",
        DOCUMENT_WORKER_MAX_HEAP_MB: "16",
        DOCUMENT_WORKER_QUEUE_LIMIT: "-1",
      }).map((p) => p.variable),
    ).toEqual([
      "DOCUMENT_WORKER_TIMEOUT_SECONDS",
      "DOCUMENT_WORKER_MAX_HEAP_MB",
      "DOCUMENT_WORKER_QUEUE_LIMIT",
    ]);
  });

  it("reads the upload limits and seal settings, and never prints the seal passphrase", () => {
    const config = loadConfig(
      {
        MAX_UPLOAD_BYTES: "1048576",
        MAX_UPLOAD_PAGES: "20",
        SEAL_P12_FILE: "secrets/seal.p12",
        SEAL_P12_PASSPHRASE: "p12-pass-789",
        TSA_URL: "http://tsa.example.com/",
      },
      { cwd: "/srv/paraphe" },
    );
    expect(config).toMatchObject({
      maxUploadBytes: 1048576,
      maxUploadPages: 20,
      sealP12File: "/srv/paraphe/secrets/seal.p12",
      sealP12Passphrase: "p12-pass-789",
      tsaUrl: "http://tsa.example.com/",
    });
    const printed = JSON.stringify(describeConfig(config));
    expect(printed).not.toContain("p12-pass-789");
    expect(describeConfig(config).SEAL_P12_PASSPHRASE).toBe("(set, not shown)");
    expect(
      problemsOf({ MAX_UPLOAD_PAGES: "0", TSA_URL: "ftp://x" }).map((p) => p.variable),
    ).toEqual(["MAX_UPLOAD_PAGES", "TSA_URL"]);
  });

  it("reads the signer authority, never prints its passphrase, and offers AES in production only with it", () => {
    const config = loadConfig(
      {
        SIGNER_CA_P12_FILE: "secrets/signers.p12",
        SIGNER_CA_P12_PASSPHRASE: "ca-pass-123",
      },
      { cwd: "/srv/paraphe" },
    );
    expect(config).toMatchObject({
      signerCaP12File: "/srv/paraphe/secrets/signers.p12",
      signerCaP12Passphrase: "ca-pass-123",
    });
    expect(JSON.stringify(describeConfig(config))).not.toContain("ca-pass-123");
    expect(aesAvailable(config)).toBe(true);
    expect(aesAvailable({ signerCaP12File: undefined, nodeEnv: "development" })).toBe(true);
    expect(aesAvailable({ signerCaP12File: undefined, nodeEnv: "production" })).toBe(false);
    expect(aesAvailable({ signerCaP12File: "/srv/ca.p12", nodeEnv: "production" })).toBe(true);
    expect(describeConfig(loadConfig({}, { cwd: "/srv/paraphe" })).SIGNER_CA_P12_FILE).toContain(
      "development signer authority",
    );
  });

  it("reads an SMS provider whole or not at all, and never prints its token", () => {
    const config = loadConfig({
      SMS_PROVIDER_URL: "https://sms.example.com/",
      SMS_ACCOUNT_SID: "AC0123456789",
      SMS_AUTH_TOKEN: "sms-token-321",
      SMS_FROM: "+14155550100",
    });
    expect(config).toMatchObject({
      smsProviderUrl: "https://sms.example.com",
      smsAccountSid: "AC0123456789",
      smsAuthToken: "sms-token-321",
      smsFrom: "+14155550100",
    });
    expect(hasSmsProvider(config)).toBe(true);
    expect(smsVerificationAvailable({ ...config, nodeEnv: "production" })).toBe(true);
    const printed = JSON.stringify(describeConfig(config));
    expect(printed).not.toContain("sms-token-321");
    expect(describeConfig(config).SMS_AUTH_TOKEN).toBe("(set, not shown)");
    expect(problemsOf({ SMS_ACCOUNT_SID: "AC1" }).map((p) => p.variable)).toEqual([
      "SMS_AUTH_TOKEN",
      "SMS_FROM",
    ]);
    expect(
      problemsOf({
        SMS_FROM: "not a sender name",
        SMS_PROVIDER_URL: "https://u:p@sms.example",
      }).map((p) => p.variable),
    ).toEqual(["SMS_PROVIDER_URL", "SMS_FROM"]);
    const unset = loadConfig({});
    expect(hasSmsProvider(unset)).toBe(false);
    expect(smsVerificationAvailable(unset)).toBe(true);
    expect(smsVerificationAvailable({ ...unset, nodeEnv: "production" })).toBe(false);
  });

  it("reads further CORS origins and refuses entries that are not bare origins", () => {
    expect(
      loadConfig({ CORS_ORIGINS: " https://tools.example.com, http://localhost:5175/ " })
        .corsOrigins,
    ).toEqual(["https://tools.example.com", "http://localhost:5175"]);
    for (const value of [
      "tools.example.com",
      "https://tools.example.com/app",
      "https://a.example,,",
    ]) {
      expect(problemsOf({ CORS_ORIGINS: value }).map((p) => p.variable)).toEqual(["CORS_ORIGINS"]);
    }
  });

  it("reads the support operators as lower-case emails and refuses an entry that is not one", () => {
    expect(
      loadConfig({ SUPPORT_OPERATORS: " Help@Example.com, ops@example.com ,help@example.com" })
        .supportOperators,
    ).toEqual(["help@example.com", "ops@example.com"]);
    for (const value of ["help", "help@example.com,,ops@example.com", "a@b.example;c@d.example"]) {
      expect(problemsOf({ SUPPORT_OPERATORS: value }).map((p) => p.variable)).toEqual([
        "SUPPORT_OPERATORS",
      ]);
    }
  });

  it("reads the DNS resolvers of domain checks as host:port entries and refuses anything else", () => {
    expect(
      loadConfig({ DNS_RESOLVER: " 1.1.1.1, 127.0.0.1:5353 ,[::1]:53, ::1" }).dnsResolvers,
    ).toEqual(["1.1.1.1", "127.0.0.1:5353", "[::1]:53", "::1"]);
    for (const value of ["dns.example.com", "1.1.1.1:0", "1.1.1.1:70000", "1.1.1.1,,"]) {
      expect(problemsOf({ DNS_RESOLVER: value }).map((p) => p.variable)).toEqual(["DNS_RESOLVER"]);
    }
  });

  it("skips the DNS proof of single sign-on domains only outside production, and says why", () => {
    expect(loadConfig({ SSO_DOMAIN_VERIFICATION: "skip" }).ssoDomainVerification).toBe("skip");
    expect(problemsOf({ SSO_DOMAIN_VERIFICATION: "maybe" }).map((p) => p.variable)).toEqual([
      "SSO_DOMAIN_VERIFICATION",
    ]);
    const production = problemsOf({
      NODE_ENV: "production",
      BLOB_MASTER_KEY: Buffer.alloc(32, 7).toString("base64"),
      SMTP_URL: "smtp://smtp.example.com",
      SSO_DOMAIN_VERIFICATION: "skip",
    });
    expect(production).toEqual([
      {
        variable: "SSO_DOMAIN_VERIFICATION",
        problem: expect.stringContaining("refused when NODE_ENV=production") as string,
      },
    ]);
  });

  it("reads the default team seats, 0 or empty meaning unlimited, and refuses a negative count", () => {
    expect(loadConfig({ DEFAULT_TEAM_SEATS: "5" }).defaultTeamSeats).toBe(5);
    expect(loadConfig({ DEFAULT_TEAM_SEATS: "0" }).defaultTeamSeats).toBeNull();
    expect(loadConfig({ DEFAULT_TEAM_SEATS: "" }).defaultTeamSeats).toBeNull();
    expect(problemsOf({ DEFAULT_TEAM_SEATS: "-1" }).map((p) => p.variable)).toEqual([
      "DEFAULT_TEAM_SEATS",
    ]);
  });

  it("reads the job lease and refuses one of zero seconds or longer than a day", () => {
    expect(loadConfig({ JOB_LEASE_SECONDS: "5" }).jobLeaseSeconds).toBe(5);
    for (const value of ["0", "86401", "soon"]) {
      expect(problemsOf({ JOB_LEASE_SECONDS: value }).map((p) => p.variable)).toEqual([
        "JOB_LEASE_SECONDS",
      ]);
    }
  });

  it("reads the first retry's wait of background jobs and refuses zero or more than an hour", () => {
    expect(loadConfig({ JOB_RETRY_SECONDS: "1" }).jobRetrySeconds).toBe(1);
    for (const value of ["0", "3601", "later"]) {
      expect(problemsOf({ JOB_RETRY_SECONDS: value }).map((p) => p.variable)).toEqual([
        "JOB_RETRY_SECONDS",
      ]);
    }
  });

  it("reads the tunnel quotas and refuses values out of range, naming each variable", () => {
    expect(
      loadConfig({
        TUNNEL_MAX_SESSIONS: "5000",
        TUNNEL_MAX_SESSIONS_PER_ADDRESS: "50",
        TUNNEL_HANDSHAKES_PER_ADDRESS: "30",
      }),
    ).toMatchObject({
      tunnelMaxSessions: 5000,
      tunnelMaxSessionsPerAddress: 50,
      tunnelHandshakesPerAddress: 30,
    });
    expect(
      problemsOf({
        TUNNEL_MAX_SESSIONS: "5",
        TUNNEL_MAX_SESSIONS_PER_ADDRESS: "0",
        TUNNEL_HANDSHAKES_PER_ADDRESS: "many",
      }).map((p) => p.variable),
    ).toEqual([
      "TUNNEL_MAX_SESSIONS",
      "TUNNEL_MAX_SESSIONS_PER_ADDRESS",
      "TUNNEL_HANDSHAKES_PER_ADDRESS",
    ]);
  });

  it("uses the defaults it documents in configVariables", () => {
    const described = describeConfig(loadConfig({}, { cwd: "/srv/paraphe" }));
    const resolved: Record<string, string> = {
      DATA_DIR: "/srv/paraphe/.data",
      BLOB_DIR: "/srv/paraphe/.data/blobs",
    };
    for (const variable of configVariables) {
      if (variable.default !== undefined)
        expect(described[variable.name]).toBe(resolved[variable.name] ?? variable.default);
    }
  });

  it("reads every variable, trims values and drops trailing slashes of addresses", () => {
    const config = loadConfig(
      {
        NODE_ENV: "production",
        API_HOST: "0.0.0.0",
        API_PORT: " 8080 ",
        WEB_URL: "https://app.example.com/",
        SIGN_URL: "https://sign.example.com",
        PUBLIC_API_URL: "https://api.example.com/",
        DATA_DIR: "var/data",
        DATABASE_URL: "postgres://paraphe:pw@db:5432/paraphe",
        SMTP_URL: "smtps://mailer:pw@smtp.example.com:465",
        MAIL_FROM: "no-reply@example.com",
        BLOB_STORAGE: "local",
        BLOB_DIR: "/mnt/blobs",
        BLOB_MASTER_KEY: KEY,
        LOG_LEVEL: "warn",
      },
      { cwd: "/srv/paraphe" },
    );
    expect(config).toMatchObject({
      nodeEnv: "production",
      host: "0.0.0.0",
      port: 8080,
      webUrl: "https://app.example.com",
      publicApiUrl: "https://api.example.com",
      dataDir: "/srv/paraphe/var/data",
      blobDir: "/mnt/blobs",
      logLevel: "warn",
    });
    expect(config.blobMasterKey?.equals(Buffer.alloc(32, 9))).toBe(true);
    expect(usesDevMailbox(config)).toBe(false);
  });

  it("treats blank variables as unset", () => {
    expect(loadConfig({ API_PORT: "", DATABASE_URL: "  " }, { cwd: "/x" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it("names each invalid variable in one error", () => {
    const problems = problemsOf({
      NODE_ENV: "staging",
      API_PORT: "70000",
      WEB_URL: "localhost:5173",
      LOG_LEVEL: "loud",
      BLOB_STORAGE: "ftp",
    });
    expect(problems.map((p) => p.variable).sort()).toEqual([
      "API_PORT",
      "BLOB_STORAGE",
      "LOG_LEVEL",
      "NODE_ENV",
      "WEB_URL",
    ]);
    expect(problems.find((p) => p.variable === "API_PORT")?.problem).toBe(
      "must be a whole number from 0 to 65535",
    );
    const error = (() => {
      try {
        loadConfig({ API_PORT: "abc" });
      } catch (thrown) {
        return thrown as Error;
      }
      return undefined;
    })();
    expect(error?.message).toBe(
      "Invalid configuration:\n  - API_PORT: must be a whole number from 0 to 65535",
    );
  });

  it("never repeats a secret value in its error messages", () => {
    const problems = problemsOf({
      DATABASE_URL: "mysql://root:db-pass-123@db/x",
      SMTP_URL: "http://user:smtp-pass-456@mail",
      BLOB_MASTER_KEY: "c2hvcnQta2V5LXNlY3JldA==",
    });
    expect(problems.map((p) => p.variable).sort()).toEqual([
      "BLOB_MASTER_KEY",
      "DATABASE_URL",
      "SMTP_URL",
    ]);
    const text = JSON.stringify(problems);
    for (const secret of ["db-pass-123", "smtp-pass-456", "c2hvcnQta2V5LXNlY3JldA=="])
      expect(text).not.toContain(secret);
  });

  it("refuses a master key that is not the base64 of 32 bytes", () => {
    expect(problemsOf({ BLOB_MASTER_KEY: Buffer.alloc(31).toString("base64") })[0]?.variable).toBe(
      "BLOB_MASTER_KEY",
    );
    expect(problemsOf({ BLOB_MASTER_KEY: "not base64 !!" })[0]?.variable).toBe("BLOB_MASTER_KEY");
  });

  it("requires BLOB_MASTER_KEY and SMTP_URL in production", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      expect.objectContaining({
        variable: "BLOB_MASTER_KEY",
        problem: expect.stringContaining("required when NODE_ENV=production"),
      }),
      expect.objectContaining({
        variable: "SMTP_URL",
        problem: expect.stringContaining("required when NODE_ENV=production"),
      }),
    ]);
  });

  it("reads the settings of an S3-compatible store when BLOB_STORAGE=s3", () => {
    const config = loadConfig(
      {
        BLOB_STORAGE: "s3",
        S3_ENDPOINT: "http://127.0.0.1:9000/",
        S3_REGION: "us-east-1",
        S3_BUCKET: "paraphe-files",
        S3_ACCESS_KEY_ID: "paraphe",
        S3_SECRET_ACCESS_KEY: "s3-secret-789",
        S3_FORCE_PATH_STYLE: "1",
      },
      { cwd: "/x" },
    );
    expect(config.blobStorage).toBe("s3");
    expect(config.s3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      bucket: "paraphe-files",
      accessKeyId: "paraphe",
      secretAccessKey: "s3-secret-789",
      forcePathStyle: true,
    });
    // Amazon S3: no endpoint, the bucket in the host name.
    expect(
      loadConfig(
        {
          BLOB_STORAGE: "s3",
          S3_REGION: "eu-west-3",
          S3_BUCKET: "paraphe-files",
          S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
          S3_SECRET_ACCESS_KEY: "s3-secret-789",
        },
        { cwd: "/x" },
      ).s3,
    ).toMatchObject({ endpoint: undefined, region: "eu-west-3", forcePathStyle: false });
  });

  it("refuses to start with BLOB_STORAGE=s3 when a required S3 setting is missing, naming each", () => {
    expect(problemsOf({ BLOB_STORAGE: "s3", S3_BUCKET: "paraphe-files" })).toEqual([
      { variable: "S3_REGION", problem: "is required when BLOB_STORAGE=s3" },
      { variable: "S3_ACCESS_KEY_ID", problem: "is required when BLOB_STORAGE=s3" },
      { variable: "S3_SECRET_ACCESS_KEY", problem: "is required when BLOB_STORAGE=s3" },
    ]);
    // Unused with the local store, and not asked of the build, which measures BLOB_STORAGE only.
    expect(loadConfig({}, { cwd: "/x" }).s3).toBeUndefined();
    expect(
      loadConfig({ BLOB_STORAGE: "s3" }, { cwd: "/x", requireProductionSecrets: false })
        .blobStorage,
    ).toBe("s3");
  });

  it("refuses malformed S3 settings without repeating the secret", () => {
    const problems = problemsOf({
      BLOB_STORAGE: "s3",
      S3_ENDPOINT: "https://user:endpoint-pass-1@s3.example.com",
      S3_REGION: "EU West",
      S3_BUCKET: "My_Bucket",
      S3_ACCESS_KEY_ID: "has space",
      S3_SECRET_ACCESS_KEY: `s3 secret ${"x".repeat(300)}`,
      S3_FORCE_PATH_STYLE: "yes",
    });
    expect(problems.map((p) => p.variable).sort()).toEqual([
      "S3_ACCESS_KEY_ID",
      "S3_BUCKET",
      "S3_ENDPOINT",
      "S3_FORCE_PATH_STYLE",
      "S3_REGION",
      "S3_SECRET_ACCESS_KEY",
    ]);
    expect(problems.find((p) => p.variable === "S3_BUCKET")?.problem).toBe(
      "must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens",
    );
    const text = JSON.stringify(problems);
    expect(text).not.toContain("endpoint-pass-1");
    expect(text).not.toContain("s3 secret");
    expect(problemsOf({ BLOB_STORAGE: "s3", S3_BUCKET: "ab" })[0]?.variable).toBe("S3_BUCKET");
    expect(problemsOf({ S3_ENDPOINT: "ftp://files.example.com" })[0]?.variable).toBe("S3_ENDPOINT");
  });

  it("reads the secure-tunnel session store and lifetimes", () => {
    expect(
      loadConfig(
        {
          TUNNEL_SESSION_STORE: "database",
          TUNNEL_IDLE_TIMEOUT_SECONDS: "600",
          TUNNEL_MAX_AGE_SECONDS: "3600",
        },
        { cwd: "/x" },
      ),
    ).toMatchObject({
      tunnelSessionStore: "database",
      tunnelIdleTimeoutSeconds: 600,
      tunnelMaxAgeSeconds: 3600,
    });
    const problems = problemsOf({
      TUNNEL_SESSION_STORE: "redis",
      TUNNEL_IDLE_TIMEOUT_SECONDS: "0",
      TUNNEL_MAX_AGE_SECONDS: "1.5",
    });
    expect(problems.map((p) => p.variable).sort()).toEqual([
      "TUNNEL_IDLE_TIMEOUT_SECONDS",
      "TUNNEL_MAX_AGE_SECONDS",
      "TUNNEL_SESSION_STORE",
    ]);
    expect(problems.find((p) => p.variable === "TUNNEL_MAX_AGE_SECONDS")?.problem).toBe(
      "must be a whole number of seconds from 1 to 2592000",
    );
  });

  it("reads the sign-in session lifetimes and refuses values that are not whole seconds in range", () => {
    expect(
      loadConfig(
        { SESSION_IDLE_TIMEOUT_SECONDS: "3600", SESSION_MAX_AGE_SECONDS: "86400" },
        { cwd: "/x" },
      ),
    ).toMatchObject({ sessionIdleTimeoutSeconds: 3600, sessionMaxAgeSeconds: 86400 });
    const problems = problemsOf({
      SESSION_IDLE_TIMEOUT_SECONDS: "7d",
      SESSION_MAX_AGE_SECONDS: "99999999",
    });
    expect(problems).toEqual([
      {
        variable: "SESSION_IDLE_TIMEOUT_SECONDS",
        problem: "must be a whole number from 60 to 31622400",
      },
      {
        variable: "SESSION_MAX_AGE_SECONDS",
        problem: "must be a whole number from 60 to 31622400",
      },
    ]);
  });

  it("lets the build measure a production configuration without its secrets", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toHaveLength(2);
    expect(
      loadConfig({ NODE_ENV: "production" }, { cwd: "/x", requireProductionSecrets: false })
        .nodeEnv,
    ).toBe("production");
  });

  it("ignores variables it does not know", () => {
    expect(loadConfig({ PATH: "/bin", SECRET_THING: "x" }, { cwd: "/x" }).port).toBe(3000);
  });
});

describe("describeConfig", () => {
  it("prints every variable with passwords masked and without the master key", () => {
    const config = loadConfig(
      {
        DATABASE_URL: "postgres://paraphe:db-pass-123@db.internal:5432/paraphe?sslmode=require",
        SMTP_URL: "smtp://mailer:smtp%2Fpass-456@smtp.example.com:587",
        BLOB_MASTER_KEY: KEY,
      },
      { cwd: "/srv/paraphe" },
    );
    const described = describeConfig(config);
    expect(Object.keys(described)).toEqual(configVariables.map((variable) => variable.name));
    expect(described.DATABASE_URL).toBe(
      "postgres://paraphe:***@db.internal:5432/paraphe?sslmode=require",
    );
    expect(described.SMTP_URL).toBe("smtp://mailer:***@smtp.example.com:587");
    expect(described.BLOB_MASTER_KEY).toBe("(set, not shown)");
    const text = JSON.stringify(described);
    for (const secret of ["db-pass-123", "pass-456", KEY]) expect(text).not.toContain(secret);
  });

  it("says where unset optional values come from", () => {
    const described = describeConfig(loadConfig({}, { cwd: "/srv/paraphe" }));
    expect(described.DATABASE_URL).toBe("(unset: embedded PGlite in /srv/paraphe/.data/pglite)");
    expect(described.SMTP_URL).toBe(
      "(unset: development mailbox, not served; set DEV_MAILBOX=1 and a loopback API_HOST)",
    );
    expect(describeConfig(loadConfig({ DEV_MAILBOX: "1" }, { cwd: "/x" })).SMTP_URL).toBe(
      "(unset: development mailbox at /dev/mailbox)",
    );
    expect(described.BLOB_MASTER_KEY).toBe(
      "(unset: development key file /srv/paraphe/.data/master.key)",
    );
  });

  it("prints the S3 settings but never the secret access key", () => {
    const described = describeConfig(
      loadConfig(
        {
          BLOB_STORAGE: "s3",
          S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com",
          S3_REGION: "auto",
          S3_BUCKET: "paraphe-files",
          S3_ACCESS_KEY_ID: "r2-key-id",
          S3_SECRET_ACCESS_KEY: "s3-secret-789",
        },
        { cwd: "/x" },
      ),
    );
    expect(described).toMatchObject({
      BLOB_STORAGE: "s3",
      S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com/",
      S3_REGION: "auto",
      S3_BUCKET: "paraphe-files",
      S3_ACCESS_KEY_ID: "r2-key-id",
      S3_SECRET_ACCESS_KEY: "(set, not shown)",
      S3_FORCE_PATH_STYLE: "0",
    });
    expect(JSON.stringify(described)).not.toContain("s3-secret-789");
    expect(describeConfig(loadConfig({}, { cwd: "/x" })).S3_BUCKET).toBe(
      "(unused: BLOB_STORAGE=local)",
    );
  });

  it("masks secrets passed as query parameters", () => {
    expect(maskUrlPassword("postgres://db/x?password=abc&sslmode=require")).toBe(
      "postgres://db/x?password=***&sslmode=require",
    );
  });
});

describe("the app-level credentials", () => {
  it("accepts by default exactly the credentials the apps are built with", async () => {
    const { DEFAULT_APP_CREDENTIALS: built } = await import("@paraphe/api-sdk");
    const accepted = loadConfig({}).appCredentials;
    expect([...accepted.entries()]).toEqual(
      Object.values(built).map((credential) => [credential.accessKey, credential.secretKey]),
    );
  });

  it("refuses a malformed or repeated list, without echoing the secrets", () => {
    for (const value of ["web", "web:short", "web:abcdefgh,web:ijklmnop", "a:abcdefgh"]) {
      expect(() => loadConfig({ APP_CREDENTIALS: value })).toThrow(/APP_CREDENTIALS/);
    }
    try {
      loadConfig({ APP_CREDENTIALS: "web:abcdefgh,web:ijklmnop" });
    } catch (error) {
      expect(String(error)).not.toContain("ijklmnop");
    }
  });
});
