import { resolve } from "node:path";
import { chromiumUse } from "@paraphe/playwright-config";
import { defineConfig } from "@playwright/test";
import {
  IDENTITY_PROVIDER,
  LIMITED_TEAM,
  SEEDED_TEAM,
  SUPPORT_OPERATOR,
  TEAM_SEATS,
} from "./tests/seeded-team";
import { VALIDATION_AUTHORITY } from "./tests/validation-authority";

const root = resolve(import.meta.dirname, "../..");
// The tests that visit the pages of a team made once by the setup project.
const SEEDED_VISITS = [/accessibility\.spec\.ts$/, /phone-layout\.spec\.ts$/];
const dataDir = resolve(import.meta.dirname, ".cache/data");

// The fresh database gets the seeded team and the second team (tests/seeded-team.ts) in one run of
// the seed before the api starts on it (each run of the seed through tsx compiles the api's
// sources and opens the database again).
const seedCommand =
  "pnpm --filter @paraphe/api exec tsx --conditions=@paraphe/source src/test/e2e-seed.ts " +
  `--team "${SEEDED_TEAM.name}" --owner ${SEEDED_TEAM.owner} --viewer ${SEEDED_TEAM.viewer} ` +
  `--admin ${SEEDED_TEAM.admin} --keeper ${SEEDED_TEAM.keeper} ` +
  `--team "${LIMITED_TEAM.name}" --owner ${LIMITED_TEAM.owner} --viewer ${LIMITED_TEAM.viewer}`;

// The operator's command (`paraphe-admin`, built) puts the second team on a small plan
// (subscription.spec.ts).
const limitedTeamCommand = [
  `node apps/api/dist/admin.js plans set ${LIMITED_TEAM.plan} ` +
    `--name-en ${LIMITED_TEAM.planName} --name-fr Petit --monthly 900 --annual 9000 ` +
    `--seats ${String(TEAM_SEATS)} --signatures ${String(LIMITED_TEAM.signatures)} --api-credits 10 --inactive`,
  `node apps/api/dist/admin.js team set-plan ${LIMITED_TEAM.owner} ${LIMITED_TEAM.plan}`,
].join(" && ");

// The OpenID provider a team's single sign-on is configured with (sso.spec.ts).
const identityProviderCommand =
  "pnpm --filter @paraphe/api exec tsx --conditions=@paraphe/source src/test/oidc-provider-server.ts " +
  `--port ${IDENTITY_PROVIDER.port} --redirect-uri ${IDENTITY_PROVIDER.redirectUri} ` +
  `--client-id ${IDENTITY_PROVIDER.clientId} --client-secret ${IDENTITY_PROVIDER.clientSecret}`;

// The qualified signature provider (a CSC v2 service of the api's tests) that signers sign
// through at QES (qualified-signatures.spec.ts); it sends them back to the signing app.
const QES_PROVIDER = {
  port: 5189,
  clientId: "paraphe-e2e",
  clientSecret: "paraphe-e2e-csc-secret",
};
const qesProviderCommand =
  "pnpm --filter @paraphe/api exec tsx --conditions=@paraphe/source src/test/csc-service-server.ts " +
  `--port ${String(QES_PROVIDER.port)} --redirect-uri http://localhost:5174/qes/callback ` +
  `--client-id ${QES_PROVIDER.clientId} --client-secret ${QES_PROVIDER.clientSecret}`;

// The certification authority with an OCSP responder and the timestamp authority it issued, that
// every seal of the suite reaches PAdES B-LTA against (TSA_URL below).
const validationAuthorityCommand =
  "pnpm --filter @paraphe/api exec tsx --conditions=@paraphe/source src/test/validation-authority-server.ts " +
  `--port ${String(VALIDATION_AUTHORITY.port)} --tsa-port ${String(VALIDATION_AUTHORITY.tsaPort)} ` +
  `--ca-file "${VALIDATION_AUTHORITY.caFile}"`;

/**
 * Browser tests: the production builds of the web and signing apps, served by `vite preview`, against
 * the real api with a fresh embedded database, in Debian's Chromium.
 */
export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  fullyParallel: true,
  // Most of a browser test is waiting (for the api, a mail, a job, a render): on two cores the
  // suite's processes use well under half of them with two workers, so four run side by side.
  workers: 4,
  forbidOnly: true,
  retries: 0,
  // Four workers share two cores: a test that a busy moment slows gets twice the time it needs
  // when alone (a passing test takes no longer for it).
  timeout: 60_000,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    ...chromiumUse(),
    baseURL: "http://localhost:5173",
    // A failed test keeps its screenshot and its trace (DOM snapshots of every action); a passed
    // one keeps only the screenshots it took itself (keepScreenshot). The trace's screencast, a
    // frame encoded on every paint of every test, costs the two cores more than it tells.
    screenshot: "only-on-failure",
    trace: { mode: "retain-on-failure", screenshots: false },
    // As a person who asks for reduced motion (both apps honour it): no frame is drawn for a
    // transition or an animation, about a seventh less of Chromium's work. The layout tests
    // (app-layout.spec.ts) run with motion, so that its path stays proven too.
    reducedMotion: "reduce",
  },
  projects: [
    // The teams made once for the run (tests/*.setup.ts), whose sessions every accessibility visit
    // and every layout test reuse: they run beside the other tests, and those visits after them.
    { name: "setup", testMatch: /\.setup\.ts$/ },
    { name: "chromium", testIgnore: SEEDED_VISITS },
    { name: "seeded teams", testMatch: SEEDED_VISITS, dependencies: ["setup"] },
  ],
  webServer: [
    {
      // The test SMTP server: every mail the api sends lands here, for the tests to read.
      command: "node mail-sink.mjs",
      cwd: import.meta.dirname,
      url: "http://127.0.0.1:2526/health",
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The OpenTelemetry collector stand-in: the api's spans land here (telemetry.spec.ts). One
      // left running (a run killed before it could stop it) is used as it is: it only keeps spans
      // by trace id, and the test asks for the trace it made.
      command: "node otlp-sink.mjs",
      cwd: import.meta.dirname,
      url: "http://127.0.0.1:4319/health",
      reuseExistingServer: true,
      timeout: 30_000,
    },
    {
      command: identityProviderCommand,
      cwd: root,
      url: `${IDENTITY_PROVIDER.issuerUrl}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: qesProviderCommand,
      cwd: root,
      // Its sign-in page answers 400 without an authorization request: it is up.
      url: `http://127.0.0.1:${String(QES_PROVIDER.port)}/oauth2/authorize`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: validationAuthorityCommand,
      cwd: root,
      url: `http://127.0.0.1:${String(VALIDATION_AUTHORITY.port)}/ca.pem`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `rm -rf "${dataDir}" && ${seedCommand} && ${limitedTeamCommand} && node apps/api/dist/server.js`,
      cwd: root,
      url: "http://localhost:3000/health",
      env: {
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        SMTP_URL: "smtp://127.0.0.1:2525",
        // SMS go through the api's HTTP provider to the test mail server, which speaks Twilio's
        // Messages API and keeps each SMS as a message to its number (mail-sink.mjs).
        SMS_PROVIDER_URL: "http://127.0.0.1:2526",
        SMS_ACCOUNT_SID: "ACe2e",
        SMS_AUTH_TOKEN: "e2e-sms-token",
        SMS_FROM: "Paraphe",
        // Every browser test signs in from this one address: more codes than a person would ask.
        LOGIN_CODES_PER_ADDRESS: "10000",
        LOGIN_CODE_CHECKS_PER_ADDRESS: "10000",
        // A failed job retries after 1, 2, 4 and 8 s instead of 5, 10, 20 and 40 (envelopes.spec.ts
        // waits for a seal to give up).
        JOB_RETRY_SECONDS: "1",
        // A team's plan holds TEAM_SEATS seats (team-members.spec.ts fills them in a team of its own).
        DEFAULT_TEAM_SEATS: String(TEAM_SEATS),
        // The account that answers support conversations (support.spec.ts).
        SUPPORT_OPERATORS: SUPPORT_OPERATOR,
        // published-sdk.spec.ts serves a bundle of the packed SDK there and calls the api from it
        // (production-nginx.spec.ts starts an api of its own).
        CORS_ORIGINS: "http://localhost:5175",
        // sso.spec.ts verifies its team's domain from the settings without a DNS server (the
        // development override; the api's suite proves domains against a DNS server of its own).
        SSO_DOMAIN_VERIFICATION: "skip",
        // The api's traces go to the collector stand-in (telemetry.spec.ts), for the calls that
        // carry a sampled browser trace context only: the suite's apps send none, so the other
        // tests' requests record and export nothing.
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4319",
        OTEL_TRACES_SAMPLER: "parentbased_always_off",
        // Every seal is PAdES B-LTA: timestamped by the suite's timestamp authority, its validation
        // data (the authority's OCSP answers) and a document timestamp added. The local responder
        // is reached because the api runs outside production (NODE_ENV test).
        TSA_URL: `http://127.0.0.1:${String(VALIDATION_AUTHORITY.tsaPort)}/tsa`,
        // Qualified signatures through the test CSC service (qualified-signatures.spec.ts).
        CSC_BASE_URL: `http://127.0.0.1:${String(QES_PROVIDER.port)}/csc/v2`,
        CSC_CLIENT_ID: QES_PROVIDER.clientId,
        CSC_CLIENT_SECRET: QES_PROVIDER.clientSecret,
      },
      reuseExistingServer: false,
      // The seed migrates the new database first (PGlite: tens of seconds on a busy machine), then
      // the operator's two commands each open it again.
      timeout: 240_000,
    },
    {
      command: "pnpm --filter @paraphe/web exec vite preview --port 5173 --strictPort",
      cwd: root,
      url: "http://localhost:5173",
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "pnpm --filter @paraphe/sign exec vite preview --port 5174 --strictPort",
      cwd: root,
      url: "http://localhost:5174",
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
