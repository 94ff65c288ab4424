import { vi } from "vitest";
import { type WebApi } from "../../lib/api/create-web-api";
import { createWebApiClient } from "../../lib/api/web-api-client";
import { authenticationHandlers } from "./authentication";
import { createEnvelopeHandlers } from "./envelope";
import { membersHandlers } from "./members";
import { passkeyHandlers } from "./passkey";
import { createTestServer, type Handlers, type TestServer } from "./server";
import { createRoleHandlers } from "./team-roles";
import { teamHandlers } from "./team";
import { userHandlers } from "./user";

export const defaultHandlers: Handlers = {
  ...authenticationHandlers,
  ...userHandlers,
  ...teamHandlers,
  ...passkeyHandlers,
  ...membersHandlers(),
};

export interface TestApi {
  api: WebApi;
  server: TestServer;
  onAuthenticationError: ReturnType<typeof vi.fn>;
}

/**
 * The real api client of the app on top of an in-memory api (handlers by service);
 * `onAuthenticationError` also hears member calls answered 401 AUTHENTICATION_ERROR. The client is
 * built at once, not through the app's lazy facade (`createWebApi`, tested in
 * `lazy-web-api.test.ts`): a test of a page does not wait on the client's chunk, which a busy
 * machine may take seconds to transform.
 */
export function createTestApi(
  handlers: Handlers = {},
  whenAuthenticationFails: () => void = () => undefined,
): TestApi {
  const server = createTestServer({
    ...defaultHandlers,
    ...createRoleHandlers(),
    ...createEnvelopeHandlers(),
    ...handlers,
  });
  const onAuthenticationError = vi.fn(whenAuthenticationFails);
  const api = createWebApiClient({
    apiUrl: "https://api.test",
    appCredential: { accessKey: "paraphe-web", secretKey: "test" },
    language: () => "en",
    onAuthenticationError,
    tunnel: server.tunnel,
  });
  return { api, server, onAuthenticationError };
}

export { apiError, ok, type Handlers } from "./server";
export {
  DOCUMENT_UUID,
  ENVELOPE_UUID,
  RECIPIENT_UUID,
  TEST_ACTIVITY,
  WORKSPACE_LEGAL,
  WORKSPACE_MAIN,
  envelopeDetail,
  envelopeSummary,
  recipient,
  signingRequest,
} from "./envelope";
export {
  NEW_PROFILE,
  TEST_CREDENTIAL,
  TEST_PASSKEYS,
  TEST_PROFILE,
  TEST_SESSIONS,
} from "./fixtures";
export { asRole, profileWithRole } from "./roles";
export {
  TEST_INVITATIONS,
  TEST_MEMBERS,
  TEST_MEMBER_ROLES,
  membersHandlers,
  roleNamed,
} from "./members";
export { TEST_ROLES, createRoleHandlers } from "./team-roles";
export { CONTACT_ADA, CONTACT_GRACE, createContactHandlers } from "./contact";
export { API_KEY_CRM, API_KEY_OLD, TEST_SECRET_KEY, createApiKeyHandlers } from "./api-key";
export {
  PLAN_FREE,
  PLAN_TEAM,
  SUBSCRIPTION_TEAM,
  createSubscriptionHandlers,
} from "./subscription";
export { USAGE_API_CREDIT, USAGE_SENT, createUsageHandlers, usagePoints } from "./usage";
