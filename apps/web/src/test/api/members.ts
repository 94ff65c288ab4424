import {
  type PendingInvitation,
  type Seats,
  type TeamMemberInfo,
  type TeamRole,
} from "@paraphe/api-sdk/contract";
import { MANAGED_ROLE_RULES, type ManagedRoleName } from "@paraphe/permissions";
import type { RoleWithRules } from "../../domain/role-assignment";
import { TEST_PROFILE } from "./fixtures";
import { ok, type Handlers } from "./server";

const managedRole = (uuid: string, name: ManagedRoleName): RoleWithRules => ({
  uuid,
  name,
  origin: "managed",
  permissions: MANAGED_ROLE_RULES[name].map((rule) => ({ ...rule })),
});

/** The managed roles of the test team, with their rules (as `/team/list-members` answers them). */
export const TEST_MEMBER_ROLES: RoleWithRules[] = [
  managedRole("a0000000-0000-4000-8000-000000000001", "Admin"),
  managedRole("a0000000-0000-4000-8000-000000000002", "Member"),
  managedRole("a0000000-0000-4000-8000-000000000003", "Owner"),
  managedRole("a0000000-0000-4000-8000-000000000004", "Viewer"),
];

/** The role `name` of the test team, as members and invitations carry it (without its rules). */
export function roleNamed(name: string): TeamRole {
  const role = TEST_MEMBER_ROLES.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no test role ${name}`);
  return { uuid: role.uuid, name: role.name, origin: role.origin };
}

export const TEST_MEMBERS: TeamMemberInfo[] = [
  {
    userUuid: "b0000000-0000-4000-8000-000000000001",
    email: TEST_PROFILE.email,
    name: "Léa Martin",
    firstname: "Léa",
    lastname: "Martin",
    phone: null,
    role: roleNamed("Owner"),
    createdAt: "2026-01-05T10:00:00.000Z",
    joinedAt: "2026-01-05T10:00:00.000Z",
    updatedAt: "2026-01-05T10:00:00.000Z",
  },
  {
    userUuid: "b0000000-0000-4000-8000-000000000002",
    email: "paul.durand@example.com",
    name: "Paul Durand",
    firstname: "Paul",
    lastname: "Durand",
    phone: "+33612345678",
    role: roleNamed("Member"),
    createdAt: "2026-02-01T10:00:00.000Z",
    joinedAt: "2026-02-01T10:00:00.000Z",
    updatedAt: "2026-02-03T10:00:00.000Z",
  },
];

export const TEST_INVITATIONS: PendingInvitation[] = [
  {
    uuid: "c0000000-0000-4000-8000-000000000001",
    email: "nina.petit@example.com",
    name: "Nina Petit",
    firstname: "Nina",
    lastname: "Petit",
    role: roleNamed("Viewer"),
    sentAt: "2026-03-01T10:00:00.000Z",
    expiresAt: "2026-03-08T10:00:00.000Z",
    expired: true,
    resentCount: 0,
    updatedAt: "2026-03-01T10:00:00.000Z",
  },
  {
    uuid: "c0000000-0000-4000-8000-000000000002",
    email: "omar.roux@example.com",
    name: "omar.roux@example.com",
    firstname: null,
    lastname: null,
    role: roleNamed("Member"),
    sentAt: "2026-03-10T10:00:00.000Z",
    expiresAt: "2099-03-17T10:00:00.000Z",
    expired: false,
    resentCount: 2,
    updatedAt: "2026-03-12T10:00:00.000Z",
  },
];

/** The team calls of the members pages, over the test team (`seats` as given). */
export function membersHandlers(seats: Seats = { used: 2, total: null }): Handlers {
  return {
    "/team/list-members": ({ body }) => {
      const search = ((body as { search?: string }).search ?? "").toLowerCase();
      const members = TEST_MEMBERS.filter(
        (member) =>
          search === "" ||
          member.email.includes(search) ||
          member.name.toLowerCase().includes(search),
      );
      return ok({ members, total: members.length, seats, roles: TEST_MEMBER_ROLES });
    },
    "/team/list-invitations": () => ok({ invitations: TEST_INVITATIONS }),
    "/team/my-invitations": () => ok({ invitations: [] }),
  };
}
