import { type PasskeyInfo, type SessionInfo, type UserProfile } from "@paraphe/api-sdk/contract";

export const TEST_CREDENTIAL = {
  accessKey: "ak_test_0001",
  secretKey: "sk_test_secret",
  email: "lea.martin@example.com",
};

export const TEST_PROFILE: UserProfile = {
  email: "lea.martin@example.com",
  firstname: "Léa",
  lastname: "Martin",
  phone: null,
  preferredLanguage: "en",
  profilePictureUrl: "https://api.test/public/avatars/lea.png",
  hasProfilePicture: false,
  team: {
    uuid: "team-1",
    name: "Atelier Martin",
    role: { name: "Owner", origin: "managed" },
    rolePermissions: [{ action: "manage", subject: "all" }],
    defaultWorkspaceUuid: "ws-1",
  },
  createdAt: "2026-01-05T10:00:00.000Z",
  updatedAt: "2026-01-05T10:00:00.000Z",
};

/** A person who has just signed up: no name, no team yet. */
export const NEW_PROFILE: UserProfile = {
  ...TEST_PROFILE,
  email: "new.person@example.com",
  firstname: null,
  lastname: null,
  team: null,
};

export const TEST_SESSIONS: SessionInfo[] = [
  {
    accessKey: TEST_CREDENTIAL.accessKey,
    ipAddress: "203.0.113.7",
    platform: "macOS",
    userAgent: "Mozilla/5.0 (Macintosh) Firefox/140.0",
    createdAt: "2026-03-01T09:00:00.000Z",
    lastUsedAt: "2026-03-02T09:00:00.000Z",
    current: true,
    method: "code",
  },
  {
    accessKey: "ak_other_phone_0002",
    ipAddress: "198.51.100.4",
    platform: "iOS",
    userAgent: "Mozilla/5.0 (iPhone) Safari/605.1",
    createdAt: "2026-02-10T18:30:00.000Z",
    lastUsedAt: null,
    current: false,
    method: "oidc",
  },
  {
    accessKey: "ak_other_laptop_0003",
    ipAddress: null,
    platform: null,
    userAgent: null,
    createdAt: "2026-02-01T08:00:00.000Z",
    lastUsedAt: null,
    current: false,
    method: "passkey",
  },
];

export const TEST_PASSKEYS: PasskeyInfo[] = [
  {
    id: "cred_AbCdEfGhIjKlMnOpQrStUvWxYz012345",
    counter: 4,
    transports: ["internal", "hybrid"],
    createdAt: "2026-03-01T09:05:00.000Z",
    lastUsedAt: "2026-03-03T12:00:00.000Z",
  },
];
