import { isUniqueViolation } from "../db/database-errors";
import type { createTeamRequestSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { MANAGED_ROLE_NAMES, MANAGED_ROLE_RULES } from "@paraphe/permissions";
import { AppError } from "../errors/app-error";
import type { IdentityDeps } from "./identity-deps";
import { lockUser } from "./identity-store";

/** The colour of a team's first workspace. */
export const DEFAULT_WORKSPACE_COLOR = "#5755ff";

const alreadyInTeam = () =>
  new AppError("CONFLICT", {
    message: "You are already a member of a team.",
    reason: "already_in_team",
    suggestion: "Open the dashboard of your team instead.",
  });

/**
 * Creates a team for a person who has none (spec §5 team creation), in one transaction: the team,
 * its managed roles (Owner, Admin, Member, Viewer with `MANAGED_ROLE_RULES`), its default
 * workspace (named after the team), the creator as Owner and member of that workspace, and the
 * creator's first and last name. CONFLICT when the person already has a team.
 */
export async function createTeam(
  deps: IdentityDeps,
  userId: string,
  input: z.infer<typeof createTeamRequestSchema>,
): Promise<void> {
  const at = new Date(deps.now());
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Serialises concurrent creations by the same person.
      await lockUser(trx, userId);
      const member = await trx
        .selectFrom("teamMember")
        .select("teamId")
        .where("userId", "=", userId)
        .executeTakeFirst();
      if (member !== undefined) throw alreadyInTeam();

      const team = await trx
        .insertInto("team")
        .values({ name: input.name, createdAt: at, updatedAt: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const roles = await trx
        .insertInto("role")
        .values(
          MANAGED_ROLE_NAMES.map((name) => ({
            teamId: team.id,
            name,
            origin: "managed" as const,
            permissions: JSON.stringify(MANAGED_ROLE_RULES[name]),
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning(["id", "name"])
        .execute();
      const owner = roles.find((role) => role.name === "Owner");
      if (owner === undefined) throw new Error("the Owner role was not created");
      const workspace = await trx
        .insertInto("workspace")
        .values({
          teamId: team.id,
          name: input.name,
          color: DEFAULT_WORKSPACE_COLOR,
          isDefault: true,
          createdAt: at,
          updatedAt: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("teamMember")
        .values({ teamId: team.id, userId, roleId: owner.id, joinedAt: at, updatedAt: at })
        .execute();
      await trx
        .insertInto("workspaceMember")
        .values({ workspaceId: workspace.id, userId, joinedAt: at })
        .execute();
      await trx
        .updateTable("appUser")
        .set({ firstname: input.firstname, lastname: input.lastname, updatedAt: at })
        .where("id", "=", userId)
        .execute();
    });
  } catch (error) {
    // A concurrent creation that won the race (team_member_one_team).
    if (isUniqueViolation(error)) throw alreadyInTeam();
    throw error;
  }
}
