/**
 * The team the browser tests' api starts with (seeded by the api's `src/test/e2e-seed.ts` on the fresh
 * database, before the server starts): the api has no call yet that adds a member to a team, and
 * the permission tests need a member whose role may only read.
 */
export const SEEDED_TEAM = {
  name: "Seeded Team",
  /** Owner of the team (managed role Owner). */
  owner: "seeded-owner@example.com",
  /** Member of the team with the managed role Viewer, in its default workspace. */
  viewer: "seeded-viewer@example.com",
  /** Member of the team with the managed role Admin (may change the team's roles). */
  admin: "seeded-admin@example.com",
  /** Member of the team with the custom role Keepers (envelopes managed; nothing denied at first). */
  keeper: "seeded-keeper@example.com",
  /** The custom role `keeper` holds. */
  keeperRole: "Keepers",
} as const;

/**
 * A second seeded team, on a plan of {@link LIMITED_TEAM.signatures} electronic signatures a period
 * that `paraphe-admin` creates and gives it before the api starts (playwright.config.ts; the api's
 * embedded database admits one process at a time): subscription.spec.ts sends up to the limit.
 */
export const LIMITED_TEAM = {
  name: "Limited Team",
  owner: "limited-owner@example.com",
  viewer: "limited-viewer@example.com",
  plan: "e2e-small",
  planName: "Small",
  signatures: 2,
} as const;

/**
 * Seats of every team's plan in the browser tests' api (DEFAULT_TEAM_SEATS, playwright.config.ts).
 * The seeded team takes 3 (its owner, admin and keeper; its viewer takes none), which leaves room
 * for invitations; team-members.spec.ts fills the seats of a team of its own.
 */
export const TEAM_SEATS = 5;

/**
 * The browser tests' OpenID provider (the api's `src/test/oidc-provider-server.ts`, started beside
 * the api by playwright.config.ts): its one client sends people back to the web app's `/auth/oidc`,
 * and its login signs in the email the login started with at once.
 */
export const IDENTITY_PROVIDER = {
  port: 5181,
  issuerUrl: "http://127.0.0.1:5181",
  clientId: "paraphe-e2e",
  clientSecret: "browser-tests-client-secret",
  redirectUri: "http://localhost:5173/auth/oidc",
} as const;

/**
 * The support operator of the browser tests' api (SUPPORT_OPERATORS, playwright.config.ts): an
 * account like any other, which support.spec.ts signs up, and which answers support conversations.
 */
export const SUPPORT_OPERATOR = "support-operator@example.com";
