import {
  asSubject,
  buildAbility,
  type Action,
  type AppAbility,
  type PermissionRule,
  type TaggedSubject,
} from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database, Language } from "../db/database";
import { AppError } from "../errors/app-error";

/** The signed-in member behind a session call: their team, role abilities and language. */
export interface Member {
  userId: string;
  email: string;
  name: string;
  language: Language;
  teamId: string;
  teamName: string;
  ability: AppAbility;
  /**
   * Set when a team API key calls in this member's name (they created it): `ability` is then the
   * key's own rules (`api-keys/api-key-member.ts`).
   */
  apiKey?: { id: string; description: string };
}

/** A person's display name: first and last name, or the email without them. */
export function displayName(person: {
  firstname: string | null;
  lastname: string | null;
  email: string;
}): string {
  const name = [person.firstname, person.lastname].filter(Boolean).join(" ").trim();
  return name === "" ? person.email : name;
}

/** The member behind `userId`; FORBIDDEN when they have no team yet. */
export async function requireMember(
  { db }: { db: Kysely<Database> },
  userId: string,
): Promise<Member> {
  const row = await db
    .selectFrom("appUser")
    .innerJoin("teamMember", "teamMember.userId", "appUser.id")
    .innerJoin("team", "team.id", "teamMember.teamId")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select([
      "appUser.email",
      "appUser.firstname",
      "appUser.lastname",
      "appUser.preferredLanguage",
      "team.id as teamId",
      "team.name as teamName",
      "role.permissions",
    ])
    .where("appUser.id", "=", userId)
    .executeTakeFirst();
  if (row === undefined) {
    throw new AppError("FORBIDDEN", {
      message: "You are not a member of a team.",
      suggestion: "Create or join a team first.",
    });
  }
  return {
    userId,
    email: row.email,
    name: displayName(row),
    language: row.preferredLanguage,
    teamId: row.teamId,
    teamName: row.teamName,
    ability: buildAbility(row.permissions as PermissionRule[]),
  };
}

type CheckedSubject = "Envelope" | "Template" | "Workspace" | "Contact" | "Team";

/**
 * FORBIDDEN unless the member's role allows `action` on `subject`: a subject type, or a record
 * tagged with {@link envelopeSubject} or {@link contactSubject} so that rule conditions apply to it.
 * With `field`, field rules apply too (`fields: ["title"]` allows changing the title only).
 */
export function requirePermission(
  member: Member,
  action: Action,
  subject: CheckedSubject | TaggedSubject<CheckedSubject>,
  field?: string,
): void {
  if (!member.ability.can(action, subject, field)) {
    const type = typeof subject === "string" ? subject : subject.__caslSubjectType__;
    throw new AppError("FORBIDDEN", {
      message: `Your role does not allow you to ${action} ${field === undefined ? "" : `the ${field} of `}${type.toLowerCase()}s${typeof subject === "string" ? "" : " like this one"}.`,
    });
  }
}

/**
 * The member's own team as role conditions see it, tagged as a `Team`: checks on the team pass it
 * with the field at stake (`members`, `roles`, `tags`, `sso`, `webhooks`, `subscription`), so that a
 * rule limited to other fields or to another team does not allow them.
 */
export function teamSubject(member: Pick<Member, "teamId">) {
  return asSubject("Team", { id: member.teamId });
}
