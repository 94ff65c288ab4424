import { useTranslation } from "@paraphe/i18n/react";
import { type Action, type Subject } from "@paraphe/permissions";
import { usePermissions } from "./permissions-context";

/**
 * The permissions the web app gates its actions on, each with the translated reason shown when
 * the member's role lacks it (mirrors what the api checks on the same calls).
 */
export const GATES = {
  /** Upload (POST /envelope/upload). */
  "create Envelope": {
    action: "create",
    subject: "Envelope",
    reason: "permissions.denied.createEnvelope",
  },
  /** Edit a draft, send, cancel, move, resend an invitation, retry sealing. */
  "update Envelope": {
    action: "update",
    subject: "Envelope",
    reason: "permissions.denied.updateEnvelope",
  },
  /** Save a recipient to the workspace's contacts. */
  "create Contact": {
    action: "create",
    subject: "Contact",
    reason: "permissions.denied.createContact",
  },
  /** Edit a contact. */
  "update Contact": {
    action: "update",
    subject: "Contact",
    reason: "permissions.denied.updateContact",
  },
  /** Delete a contact. */
  "delete Contact": {
    action: "delete",
    subject: "Contact",
    reason: "permissions.denied.deleteContact",
  },
} as const satisfies Record<string, { action: Action; subject: Subject; reason: string }>;

export type GatedPermission = keyof typeof GATES;

/** Whether the member's role allows `permission`, and why not (translated) when it does not. */
export function useGate(permission: GatedPermission): { allowed: boolean; reason: string } {
  const { t } = useTranslation("web");
  const { can } = usePermissions();
  const gate = GATES[permission];
  return { allowed: can(gate.action, gate.subject), reason: t(gate.reason) };
}
