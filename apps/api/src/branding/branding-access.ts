import { asSubject } from "@paraphe/permissions";
import { AppError } from "../errors/app-error";
import type { Member } from "../membership/members";

/**
 * Whether the calling member may read and change their team's branding: the permission to update
 * the team's `branding` field, checked on the team's own record (Owner and Admin; a custom role
 * granting it). FORBIDDEN otherwise.
 */
export function requireBrandingAdministrator(member: Member): void {
  if (!member.ability.can("update", asSubject("Team", { id: member.teamId }), "branding")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to change the team's branding.",
    });
  }
}
