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
  /** Delete a draft (POST /envelope/delete). */
  "delete Envelope": {
    action: "delete",
    subject: "Envelope",
    reason: "permissions.denied.deleteEnvelope",
  },
  /** New template (POST /template/create), save an envelope as a template. */
  "create Template": {
    action: "create",
    subject: "Template",
    reason: "permissions.denied.createTemplate",
  },
  /** Edit a template, activate, archive or unarchive it. */
  "update Template": {
    action: "update",
    subject: "Template",
    reason: "permissions.denied.updateTemplate",
  },
  /** Save a recipient to the workspace's contacts. */
  "create Contact": {
    action: "create",
    subject: "Contact",
    reason: "permissions.denied.createContact",
  },
  /** Create a workspace (POST /workspace/create). */
  "create Workspace": {
    action: "create",
    subject: "Workspace",
    reason: "permissions.denied.createWorkspace",
  },
  /** Rename, recolour, make default, add and remove members. */
  "update Workspace": {
    action: "update",
    subject: "Workspace",
    reason: "permissions.denied.updateWorkspace",
  },
  /** Delete a workspace (its documents move to another). */
  "delete Workspace": {
    action: "delete",
    subject: "Workspace",
    reason: "permissions.denied.deleteWorkspace",
  },
  /**
   * Change the team's settings: invite, change and remove members, resend and revoke invitations
   * (POST /team/invite, ...); create, rename, edit and delete the team's custom roles
   * (POST /team/*-role); create, rename and delete the team's tags.
   */
  "update Team": {
    action: "update",
    subject: "Team",
    reason: "permissions.denied.updateTeam",
  },
  /**
   * The same, for one field of the team: the api checks the field at stake (a role limited to
   * some fields of the team may change those only), so the app gates on it too.
   */
  "update Team members": {
    action: "update",
    subject: "Team",
    field: "members",
    reason: "permissions.denied.updateTeam",
  },
  "update Team roles": {
    action: "update",
    subject: "Team",
    field: "roles",
    reason: "permissions.denied.updateTeam",
  },
  "update Team tags": {
    action: "update",
    subject: "Team",
    field: "tags",
    reason: "permissions.denied.updateTeam",
  },
  "update Team sso": {
    action: "update",
    subject: "Team",
    field: "sso",
    reason: "permissions.denied.updateTeam",
  },
  "update Team branding": {
    action: "update",
    subject: "Team",
    field: "branding",
    reason: "permissions.denied.updateTeam",
  },
  "update Team mailSender": {
    action: "update",
    subject: "Team",
    field: "mailSender",
    reason: "permissions.denied.updateTeam",
  },
  "update Team webhooks": {
    action: "update",
    subject: "Team",
    field: "webhooks",
    reason: "permissions.denied.updateTeam",
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
  /** List, create and revoke the team's API keys (POST /api-key/*). */
  "manage API": {
    action: "manage",
    subject: "API",
    reason: "permissions.denied.manageApi",
  },
} as const satisfies Record<
  string,
  { action: Action; subject: Subject; field?: string; reason: string }
>;

export type GatedPermission = keyof typeof GATES;

/** Whether the member's role allows `permission`, and why not (translated) when it does not. */
export function useGate(permission: GatedPermission): { allowed: boolean; reason: string } {
  const { t } = useTranslation("web");
  const { can } = usePermissions();
  const gate = GATES[permission];
  const field = "field" in gate ? gate.field : undefined;
  return { allowed: can(gate.action, gate.subject, field), reason: t(gate.reason) };
}
