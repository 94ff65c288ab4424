import type { ColumnType, Generated, Selectable } from "kysely";
import type { GeneratedTimestamp, Timestamp } from "./columns";

export type Language = "en" | "fr";

/** A person who completed a login (spec §3 user profile). */
export interface AppUserTable {
  id: Generated<string>;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  preferredLanguage: ColumnType<Language, Language | undefined, Language>;
  /** When Paraphe itself proved the email (a sign-in code); never on an identity provider's word. */
  emailVerifiedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A session credential; its secret key is derived, never stored (see `auth/session-credentials`). */
export interface UserSessionTable {
  accessKey: string;
  userId: string;
  ipAddress: string | null;
  platform: string | null;
  userAgent: string | null;
  method: "code" | "passkey" | "oidc";
  /**
   * Whether the session rests on an email Paraphe proved (a code, or a passkey registered by such a
   * session): only then does it reach the signing requests of its email in other teams.
   */
  emailProven: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: GeneratedTimestamp;
  lastUsedAt: Timestamp | null;
  endedAt: Timestamp | null;
}

/** RFC 9421 nonces seen inside the skew window. */
export interface RequestNonceTable {
  keyId: string;
  nonce: string;
  expiresAt: Timestamp;
}

export type AppUserRow = Selectable<AppUserTable>;

export type UserSessionRow = Selectable<UserSessionTable>;

/** An email login code: its HMAC only; used or replaced codes carry `consumedAt`. */
export interface LoginCodeTable {
  id: Generated<string>;
  email: string;
  codeHash: Uint8Array;
  /** The language of the mail, and of the account if this code creates one. */
  language: Language;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  consumedAt: Timestamp | null;
  /** The network that asked for it (an IPv4 address or an IPv6 /64); null when unknown. */
  requestedFrom: string | null;
}

/** A fixed-window counter of a rate limit (`login-code:email:<hash>` for the window starting at ...). */
export interface RateLimitCounterTable {
  bucket: string;
  windowStart: Timestamp;
  count: number;
  expiresAt: Timestamp;
}

/** A WebAuthn credential (spec §3 passkey); `id` is the credential id, base64url. */
export interface PasskeyTable {
  id: string;
  userId: string;
  publicKey: Uint8Array;
  /** bigint in PostgreSQL: read as a string by some drivers, hence `Number(...)` on read. */
  counter: ColumnType<string | number, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  deviceType: string | null;
  backedUp: ColumnType<boolean, boolean | undefined, boolean>;
  /** Registered by a session whose email Paraphe proved: its sessions are proven too. */
  emailProven: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: GeneratedTimestamp;
  lastUsedAt: Timestamp | null;
}

/** A WebAuthn challenge handed out for a registration (of `userId`) or a login; single use. */
export interface WebauthnChallengeTable {
  id: Generated<string>;
  challenge: string;
  userId: string | null;
  /** `signer_check`: handed to a signer to sign in with a passkey of `userId`'s account. */
  purpose: "registration" | "authentication" | "signer_check";
  expiresAt: Timestamp;
  /** For a `signer_check`: the recipient it was handed to. */
  recipientId: ColumnType<string | null, string | null | undefined, string | null>;
}

export type LoginCodeRow = Selectable<LoginCodeTable>;

export type PasskeyRow = Selectable<PasskeyTable>;
