import type { ApiKeyPermission } from "@paraphe/api-sdk/contract";
import type { PermissionRule } from "@paraphe/permissions";

/**
 * The permission rules of a team API key (spec §6: templates only). Its permissions act on
 * templates, and each includes reading them (a key finds the templates it updates or deletes; a
 * `read` key reads only); a key that may create (`create` or `manage`) may also create an envelope from a
 * template, which sends it: the envelope rules are limited to envelopes its creator owns (those
 * the key creates), and the key reaches no envelope route (`/template/create-envelope` and
 * `/template/envelope-status` only).
 */
export function apiKeyRules(
  permissions: readonly ApiKeyPermission[],
  creatorUserId: string,
): PermissionRule[] {
  const actions = new Set<ApiKeyPermission>(["read", ...permissions]);
  const rules: PermissionRule[] = [{ action: [...actions], subject: "Template" }];
  if (permissions.includes("create") || permissions.includes("manage")) {
    rules.push({
      action: ["create", "update"],
      subject: "Envelope",
      conditions: { ownerId: creatorUserId },
    });
  }
  return rules;
}

/** Whether `permissions` may create envelopes from templates (`create` or `manage`). */
export function apiKeyCreatesEnvelopes(permissions: readonly ApiKeyPermission[]): boolean {
  return permissions.includes("create") || permissions.includes("manage");
}
