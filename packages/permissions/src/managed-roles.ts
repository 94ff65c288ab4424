import type { PermissionRule } from "./rules";

/** The roles every team gets at creation; their rules cannot be edited. */
export const MANAGED_ROLE_NAMES = ["Owner", "Admin", "Member", "Viewer"] as const;
export type ManagedRoleName = (typeof MANAGED_ROLE_NAMES)[number];

/**
 * The permission rules of the managed roles.
 * - Owner: everything.
 * - Admin: everything but deleting the team.
 * - Member: sends and manages envelopes, templates and contacts; reads the team and its workspaces.
 * - Viewer: reads envelopes, templates, contacts, workspaces and the team.
 */
export const MANAGED_ROLE_RULES: Readonly<Record<ManagedRoleName, readonly PermissionRule[]>> = {
  Owner: [{ action: "manage", subject: "all" }],
  Admin: [
    { action: "manage", subject: "all" },
    {
      action: "delete",
      subject: "Team",
      inverted: true,
      reason: "Only the owner can delete the team.",
    },
  ],
  Member: [
    { action: "manage", subject: ["Envelope", "Template", "Contact"] },
    { action: "read", subject: ["Team", "Workspace"] },
  ],
  Viewer: [{ action: "read", subject: ["Envelope", "Template", "Contact", "Workspace", "Team"] }],
};
