import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { requireMember, type Member } from "../membership/members";
import { AppError } from "../errors/app-error";

/**
 * The signed-in member behind `userId`, allowed to administer their team's API keys: their role
 * may manage the `API` subject (Owner and Admin; a custom role granting it). FORBIDDEN otherwise
 * (and for a person without a team). Every call acts on the caller's own team only.
 */
export async function requireApiKeyAdministrator(
  deps: { db: Kysely<Database> },
  userId: string,
): Promise<Member> {
  const member = await requireMember(deps, userId);
  if (!member.ability.can("manage", "API")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to manage the team's API keys.",
      suggestion: "Ask an owner or an administrator of the team.",
    });
  }
  return member;
}
