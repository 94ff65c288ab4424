import { asSubject } from "@paraphe/permissions";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";

/**
 * Whether the calling member may administer their team's webhooks: the
 * permission to update the team (Owner and Admin; a custom role granting it), checked on the
 * team's own record with the field `webhooks`, as single sign-on checks `sso`. Reading needs it
 * too: endpoints and deliveries describe the team's integrations. FORBIDDEN otherwise.
 */
export function requireWebhookAdministrator(member: Member): void {
  if (!member.ability.can("update", asSubject("Team", { id: member.teamId }), "webhooks")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to administer the team's webhooks.",
    });
  }
}
