import type {
  listMembersRequestSchema,
  ListInvitationsResponse,
  ListMembersResponse,
  MyInvitation,
  PendingInvitation,
  TeamMemberInfo,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/database";
import { displayName, type Member } from "../membership/members";
import type { MembersDeps } from "./members-deps";
import { teamSeats } from "../billing/seats";
import { roleView, teamRoles } from "./team-access";

/** `%`, `_` and `\` of user input matched literally by LIKE. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of the team's members matching the search, with the seats and the roles. */
export async function listMembers(
  deps: MembersDeps,
  member: Member,
  input: z.infer<typeof listMembersRequestSchema>,
): Promise<ListMembersResponse> {
  let query = membersQuery(deps.db, member.teamId);
  const search = input.search ?? "";
  if (search !== "") {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb("appUser.email", "ilike", pattern),
        eb("appUser.firstname", "ilike", pattern),
        eb("appUser.lastname", "ilike", pattern),
        eb(
          eb.fn("concat_ws", [eb.val(" "), "appUser.firstname", "appUser.lastname"]),
          "ilike",
          pattern,
        ),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(MEMBER_COLUMNS)
      .orderBy("appUser.email")
      .offset(input.offset)
      .limit(input.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  const at = new Date(deps.now());
  return {
    members: rows.map(memberInfo),
    total: Number(count.count),
    seats: await teamSeats(deps.db, deps.config, member.teamId, at),
    roles: (await teamRoles(deps.db, member.teamId)).map((role) => ({
      ...roleView(role),
      permissions: Array.isArray(role.permissions)
        ? (role.permissions as Record<string, unknown>[])
        : [],
    })),
  };
}

/** The team's members with their accounts and roles. */
function membersQuery(db: Kysely<Database>, teamId: string) {
  return db
    .selectFrom("teamMember")
    .innerJoin("appUser", "appUser.id", "teamMember.userId")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .where("teamMember.teamId", "=", teamId);
}

const MEMBER_COLUMNS = [
  "appUser.id",
  "appUser.email",
  "appUser.firstname",
  "appUser.lastname",
  // The membership's number, which the team edits, not the account's.
  "teamMember.phone",
  "appUser.createdAt",
  "teamMember.joinedAt",
  "teamMember.updatedAt",
  "role.id as roleId",
  "role.name as roleName",
  "role.origin as roleOrigin",
] as const;

function memberInfo(row: {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  createdAt: Date;
  joinedAt: Date;
  updatedAt: Date;
  roleId: string;
  roleName: string;
  roleOrigin: "managed" | "custom";
}): TeamMemberInfo {
  return {
    userUuid: row.id,
    email: row.email,
    name: displayName(row),
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    role: { uuid: row.roleId, name: row.roleName, origin: row.roleOrigin },
    createdAt: row.createdAt.toISOString(),
    joinedAt: row.joinedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A member of the team as `/team/list-members` shows them. */
export async function memberView(
  db: Kysely<Database>,
  teamId: string,
  userId: string,
): Promise<TeamMemberInfo> {
  const row = await membersQuery(db, teamId)
    .select(MEMBER_COLUMNS)
    .where("teamMember.userId", "=", userId)
    .executeTakeFirstOrThrow();
  return memberInfo(row);
}

function invitationsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("teamInvitation")
    .innerJoin("role", "role.id", "teamInvitation.roleId")
    .select([
      "teamInvitation.id",
      "teamInvitation.email",
      "teamInvitation.firstname",
      "teamInvitation.lastname",
      "teamInvitation.sentAt",
      "teamInvitation.expiresAt",
      "teamInvitation.resentCount",
      "teamInvitation.updatedAt",
      "role.id as roleId",
      "role.name as roleName",
      "role.origin as roleOrigin",
    ]);
}

type InvitationRow = Awaited<
  ReturnType<ReturnType<typeof invitationsQuery>["executeTakeFirstOrThrow"]>
>;

function invitationView(row: InvitationRow, at: Date): PendingInvitation {
  return {
    uuid: row.id,
    email: row.email,
    name: displayName(row),
    firstname: row.firstname,
    lastname: row.lastname,
    role: { uuid: row.roleId, name: row.roleName, origin: row.roleOrigin },
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= at.getTime(),
    resentCount: row.resentCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The team's pending invitations, newest first; expired ones flagged. */
export async function listInvitations(
  deps: MembersDeps,
  member: Member,
): Promise<ListInvitationsResponse> {
  const rows = await invitationsQuery(deps.db)
    .where("teamInvitation.teamId", "=", member.teamId)
    .orderBy("teamInvitation.sentAt", "desc")
    .orderBy("teamInvitation.id")
    .execute();
  const at = new Date(deps.now());
  return { invitations: rows.map((row) => invitationView(row, at)) };
}

/** One pending invitation of the team as `/team/list-invitations` shows it. */
export async function pendingInvitationView(
  db: Kysely<Database>,
  invitationId: string,
  at: Date,
): Promise<PendingInvitation> {
  const row = await invitationsQuery(db)
    .where("teamInvitation.id", "=", invitationId)
    .executeTakeFirstOrThrow();
  return invitationView(row, at);
}

/** What an invitee sees of an invitation: team, inviter, role. */
export async function invitationSummary(
  db: Kysely<Database>,
  invitationId: string,
): Promise<Omit<MyInvitation, "uuid" | "expiresAt">> {
  const row = await db
    .selectFrom("teamInvitation")
    .innerJoin("team", "team.id", "teamInvitation.teamId")
    .innerJoin("role", "role.id", "teamInvitation.roleId")
    .leftJoin("appUser as inviter", "inviter.id", "teamInvitation.invitedBy")
    .select([
      "team.name as teamName",
      "role.name as roleName",
      "inviter.email as inviterEmail",
      "inviter.firstname as inviterFirstname",
      "inviter.lastname as inviterLastname",
    ])
    .where("teamInvitation.id", "=", invitationId)
    .executeTakeFirstOrThrow();
  return {
    teamName: row.teamName,
    roleName: row.roleName,
    inviterName:
      row.inviterEmail === null
        ? row.teamName
        : displayName({
            email: row.inviterEmail,
            firstname: row.inviterFirstname,
            lastname: row.inviterLastname,
          }),
  };
}

/** The live invitations addressed to the signed-in person's email, soonest to expire first. */
export async function myInvitationsOfUser(
  deps: MembersDeps,
  userId: string,
): Promise<{ invitations: MyInvitation[] }> {
  const at = new Date(deps.now());
  const { email } = await deps.db
    .selectFrom("appUser")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const rows = await deps.db
    .selectFrom("teamInvitation")
    .select(["id", "expiresAt"])
    .where("email", "=", email)
    .where("expiresAt", ">", at)
    .orderBy("expiresAt")
    .execute();
  const invitations: MyInvitation[] = [];
  for (const row of rows) {
    invitations.push({
      uuid: row.id,
      expiresAt: row.expiresAt.toISOString(),
      ...(await invitationSummary(deps.db, row.id)),
    });
  }
  return { invitations };
}
