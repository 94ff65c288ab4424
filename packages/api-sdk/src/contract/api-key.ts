import { z } from "zod";

/**
 * Team API keys (spec §2 `/settings/api-keys`, §3 Team API key, §5, §6): a key belongs to a team,
 * carries its own permissions on templates only (read, create, update, delete, manage) and signs
 * calls like a session credential (RFC 9421, HMAC-SHA-256 with its secret key). The secret key is
 * answered once, by `/api-key/create`; no other answer carries it. A revoked key stops working at
 * once and cannot be made active again. Only members whose role may manage the `API` subject
 * (Owner, Admin, a custom role granting it) list, create and revoke keys.
 */

/** Spec §5 and §9: an API key's description, at most 128 characters. */
export const API_KEY_DESCRIPTION_MAX_LENGTH = 128;
/** At most this many keys per team, active and revoked together. */
export const API_KEYS_PER_TEAM_MAX = 100;

/** What a key may do on templates (spec §6: templates only); `manage` covers the others. */
export const API_KEY_PERMISSIONS = ["read", "create", "update", "delete", "manage"] as const;
export const apiKeyPermissionSchema = z.enum(API_KEY_PERMISSIONS);
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;

export const API_KEY_STATUSES = ["active", "revoked"] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

const uuid = z.uuid();
const isoDate = z.iso.datetime();

/** The description the create form and the api check: required, trimmed, at most 128. */
export const apiKeyDescriptionSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(API_KEY_DESCRIPTION_MAX_LENGTH, { error: "too_long" });

/** A key as the settings page lists it: never its secret key. */
export const apiKeySchema = z.object({
  uuid,
  description: z.string(),
  /** The public identifier the key signs with (`keyid` of the signature). */
  accessKey: z.string(),
  permissions: z.array(apiKeyPermissionSchema),
  status: z.enum(API_KEY_STATUSES),
  createdAt: isoDate,
  updatedAt: isoDate,
  revokedAt: isoDate.nullable(),
  /** The member who created it: envelopes the key creates are sent in their name. */
  createdBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

// POST /api-key/list: the team's keys, newest first.
export const listApiKeysRequestSchema = z.object({});
export const listApiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ListApiKeysResponse = z.infer<typeof listApiKeysResponseSchema>;

// POST /api-key/create: a new active key; the answer carries its secret key, this once.
export const createApiKeyRequestSchema = z.object({
  description: apiKeyDescriptionSchema,
  permissions: z
    .array(apiKeyPermissionSchema)
    .min(1, { error: "permission_required" })
    .max(API_KEY_PERMISSIONS.length, { error: "too_many" })
    .refine((list) => new Set(list).size === list.length, { error: "duplicate" }),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;
export const createApiKeyResponseSchema = z.object({
  apiKey: apiKeySchema,
  /** Shown once: the api keeps nothing it could answer it from again. */
  secretKey: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

// POST /api-key/revoke: irreversible; revoking a revoked key is CONFLICT.
export const revokeApiKeyRequestSchema = z.object({ apiKeyUuid: uuid });
export type RevokeApiKeyRequest = z.input<typeof revokeApiKeyRequestSchema>;
export const revokeApiKeyResponseSchema = z.object({ apiKey: apiKeySchema });
export type RevokeApiKeyResponse = z.infer<typeof revokeApiKeyResponseSchema>;

/** The credentials an integration signs its calls with (`createApiClient({ apiKey })`). */
export interface ApiKeyCredentials {
  accessKey: string;
  secretKey: string;
}
