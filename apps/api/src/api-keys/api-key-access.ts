import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";

/**
 * Whether the calling member may administer their team's API keys: their role may manage the
 * `API` subject (Owner and Admin; a custom role granting it). FORBIDDEN otherwise (a person without
 * a team never gets here: the route's `member` credential refuses them). Every call acts on the
 * caller's own team only.
 */
export function requireApiKeyAdministrator(member: Member): void {
  if (!member.ability.can("manage", "API")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to manage the team's API keys.",
      suggestion: "Ask an owner or an administrator of the team.",
    });
  }
}
