/**
 * `@paraphe/api`: what the workspace's tools (the benchmarks) need to build the real app in their
 * own process: the app, its configuration, database, logger, tunnel and blob store, the keys derived
 * from the master key, the tunnel's AEAD and its two session stores. The server itself starts from `server.ts`.
 */
export { createApp } from "./app";
export { type AppRouter } from "./http/context";
export { deriveSessionCredentialKey } from "./auth/session-credentials";
export { LocalEncryptedBlobStore } from "./blob/local-encrypted-blob-store";
export { loadConfig, type Config } from "./config";
export { migrateToLatest } from "./db/migrate";
export { openDatabase, type DatabaseConnection } from "./db/open-database";
export { deriveActivityKey } from "./documents/audit-chain";
export { deriveLinkKey } from "./envelopes/access-links";
export { createLogger, type Logger } from "./logger";
export { deriveMailKey } from "./mail/body-sealing";
export { deriveSsoKey } from "./sso/client-secret";
export { deriveWebhookKey } from "./webhooks/webhook-secret";
export { openSealed, seal } from "./tunnel/aead";
export { createTunnel, type Tunnel } from "./tunnel/tunnel";
export { DatabaseSessionStore } from "./tunnel/database-session-store";
export { MemorySessionStore } from "./tunnel/memory-session-store";
