import { type ApiKey, type ApiKeyPermission } from "@paraphe/api-sdk/contract";
import { ok, type Handlers } from "./server";

const CREATED = "2026-11-20T09:30:00.000Z";

export const API_KEY_CRM: ApiKey = {
  uuid: "3c5d6e7f-7777-4a7a-8a7a-000000000001",
  description: "CRM integration",
  accessKey: "pak_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  permissions: ["read", "create"],
  status: "active",
  createdAt: CREATED,
  updatedAt: CREATED,
  revokedAt: null,
  createdBy: { name: "Léa Martin", email: "lea@example.com" },
};

export const API_KEY_OLD: ApiKey = {
  ...API_KEY_CRM,
  uuid: "3c5d6e7f-7777-4a7a-8a7a-000000000002",
  description: "Old back office",
  accessKey: "pak_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
  permissions: ["manage"],
  status: "revoked",
  revokedAt: "2026-11-21T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
};

/** The secret key `/api-key/create` answers in these tests. */
export const TEST_SECRET_KEY = "s3cr3t-shown-once-0123456789abcdefghijklmnop";

/** POST /api-key/list, /api-key/create, /api-key/revoke over `keys`. */
export function createApiKeyHandlers(keys: ApiKey[] = [API_KEY_CRM, API_KEY_OLD]): Handlers {
  return {
    "/api-key/list": () => ok({ apiKeys: keys }),
    "/api-key/create": ({ body }) => {
      const input = body as { description: string; permissions: ApiKeyPermission[] };
      const key: ApiKey = {
        ...API_KEY_CRM,
        uuid: "3c5d6e7f-7777-4a7a-8a7a-000000000099",
        accessKey: "pak_CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        description: input.description,
        permissions: input.permissions,
      };
      keys.unshift(key);
      return ok({ apiKey: key, secretKey: TEST_SECRET_KEY });
    },
    "/api-key/revoke": ({ body }) => {
      const { apiKeyUuid } = body as { apiKeyUuid: string };
      const index = keys.findIndex((key) => key.uuid === apiKeyUuid);
      const current = keys[index];
      if (current === undefined) throw new Error("unknown key");
      const revoked: ApiKey = {
        ...current,
        status: "revoked",
        revokedAt: "2026-11-22T10:00:00.000Z",
        updatedAt: "2026-11-22T10:00:00.000Z",
      };
      keys[index] = revoked;
      return ok({ apiKey: revoked });
    },
  };
}
