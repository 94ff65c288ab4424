import type { ColumnType, Generated, Selectable } from "kysely";
import type { GeneratedTimestamp, Timestamp } from "./columns";
import type { Language } from "./identity";

/** A team (spec §3). */
export interface TeamTable {
  id: Generated<string>;
  name: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  /** When an Owner deleted the team (issue 32): the purge job is deleting it; null otherwise. */
  deletionRequestedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A team's branding (issue 33); absent until saved. `color` is `#rrggbb`, lower case. */
export interface TeamBrandingTable {
  teamId: string;
  displayName: string | null;
  color: string | null;
  footer: string | null;
  websiteUrl: string | null;
  privacyUrl: string | null;
  showPoweredBy: ColumnType<boolean, boolean | undefined, boolean>;
  /** The logo's blob key (under `team-logos/`); null without a logo. */
  logoKey: string | null;
  logoContentType: string | null;
  updatedAt: GeneratedTimestamp;
}

/**
 * A role of a team (spec §3, §6): its permission rules as jsonb, written as a JSON string
 * (`JSON.stringify(rules)`), read back parsed.
 */
export interface RoleTable {
  id: Generated<string>;
  teamId: string;
  name: string;
  origin: "managed" | "custom";
  permissions: ColumnType<unknown, string, string>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A person's membership of a team (one team per person), with their role. */
export interface TeamMemberTable {
  teamId: string;
  userId: string;
  roleId: string;
  /**
   * The member's phone number as the team keeps it (E.164), set by the invitation and the team's
   * Owner or Admins; never written to the person's account.
   */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  joinedAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A workspace of a team (spec §3); at most one per team is the default. */
export interface WorkspaceTable {
  id: Generated<string>;
  teamId: string;
  name: string;
  /** `#rrggbb`, lower case. */
  color: string;
  isDefault: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A pending invitation to join a team: the SHA-256 of its token only. */
export interface TeamInvitationTable {
  id: Generated<string>;
  teamId: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  /** From the members CSV import; given to an account without a phone number on acceptance. */
  phone: Generated<string | null>;
  roleId: string;
  invitedBy: string | null;
  language: Language;
  tokenHash: Buffer;
  sentAt: Timestamp;
  lastSentAt: Timestamp;
  resentCount: Generated<number>;
  expiresAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WorkspaceMemberTable {
  workspaceId: string;
  userId: string;
  joinedAt: GeneratedTimestamp;
}

export type TeamRow = Selectable<TeamTable>;

export type RoleRow = Selectable<RoleTable>;

export type WorkspaceRow = Selectable<WorkspaceTable>;

/** A team's single sign-on configuration: the client secret sealed (`sso/client-secret.ts`). */
export interface SsoConfigurationTable {
  teamId: string;
  clientId: string;
  clientSecretSealed: string;
  issuerUrl: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Null: the provider publishes none (optional, issue 26). */
  userinfoUrl: string | null;
  revocationUrl: string | null;
  jwksUrl: string;
  enabled: boolean;
  /** Null once the role was deleted: the managed Member role then. */
  defaultRoleId: string | null;
  /**
   * The member who last saved it (null once their account is gone): single sign-on opens no
   * account whose role holds more than theirs.
   */
  updatedByUserId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * An email domain a team claims for single sign-on, proven by the DNS TXT record
 * `paraphe-verification=<token>` at `_paraphe.<domain>`; verified by one team at most.
 */
export interface SsoDomainTable {
  id: Generated<string>;
  teamId: string;
  domain: string;
  token: string;
  verifiedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A single sign-on login started and not finished: the SHA-256 of its state only. */
export interface OidcLoginAttemptTable {
  id: Generated<string>;
  teamId: string;
  email: string;
  stateHash: Buffer;
  /** SHA-256 of the value the browser that started the login keeps (login CSRF). */
  browserBindingHash: Buffer;
  returnPath: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** A team API key: its secret key is derived, never stored (`auth/api-key-credentials.ts`). */
export interface ApiKeyTable {
  id: Generated<string>;
  teamId: string;
  description: string;
  accessKey: string;
  /** Actions on templates: read, create, update, delete, manage. */
  permissions: string[];
  status: ColumnType<"active" | "revoked", "active" | "revoked" | undefined>;
  /** Null once that person's account is gone: the key then fails clearly. */
  createdByUserId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  revokedAt: Timestamp | null;
}

export type ApiKeyRow = Selectable<ApiKeyTable>;
