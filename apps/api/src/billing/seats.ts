import type { Seats } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { teamPlan } from "./subscriptions";
import { AppError } from "../errors/app-error";

/**
 * Seats of a team (spec §3 subscription, §4, §6): the members and the live pending invitations
 * whose role is not the managed Viewer take one each. The total comes from the team's plan
 * (`subscriptions.ts`); a team without a subscription is on the default plan, whose seat
 * count the operator configures (`DEFAULT_TEAM_SEATS`; null: unlimited).
 */
export async function teamSeats(
  db: Kysely<Database>,
  config: Pick<Config, "defaultTeamSeats">,
  teamId: string,
  at: Date,
  /** An invitation not to count (the one a resend is about to renew). */
  exceptInvitationId?: string,
): Promise<Seats> {
  const fullRole = sql<boolean>`NOT (role.origin = 'managed' AND role.name = 'Viewer')`;
  const members = await db
    .selectFrom("teamMember")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("teamMember.teamId", "=", teamId)
    .where(fullRole)
    .executeTakeFirstOrThrow();
  let invitations = db
    .selectFrom("teamInvitation")
    .innerJoin("role", "role.id", "teamInvitation.roleId")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("teamInvitation.teamId", "=", teamId)
    .where("teamInvitation.expiresAt", ">", at)
    .where(fullRole);
  if (exceptInvitationId !== undefined) {
    invitations = invitations.where("teamInvitation.id", "!=", exceptInvitationId);
  }
  const pending = await invitations.executeTakeFirstOrThrow();
  const plan = await teamPlan(db, config, teamId, at);
  return { used: Number(members.count) + Number(pending.count), total: plan.seats };
}

/** SEATS_FULL unless one more seat is free. Call with the team row locked (`lockTeam`). */
export function requireFreeSeat(seats: Seats): void {
  if (seats.total !== null && seats.used >= seats.total) throw new AppError("SEATS_FULL");
}
