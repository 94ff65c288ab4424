import { asSubject } from "@paraphe/permissions";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";

/**
 * Whether the calling member may administer their team's single sign-on: the
 * permission to update the team (Owner and Admin; a custom role granting it), checked on the
 * team's own record with the field `sso`, so a role limited to other fields of the team may not.
 * Reading the configuration needs it too: it names the team's identity provider and client.
 * FORBIDDEN otherwise.
 */
export function requireSsoAdministrator(member: Member): void {
  if (!member.ability.can("update", asSubject("Team", { id: member.teamId }), "sso")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to administer single sign-on for the team.",
    });
  }
}
