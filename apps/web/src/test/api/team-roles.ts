import { type Role } from "@paraphe/api-sdk/contract";
import { MANAGED_ROLE_NAMES, MANAGED_ROLE_RULES } from "@paraphe/permissions";
import { ok, type Handlers } from "./server";

const CREATED = "2026-01-05T10:00:00.000Z";

/** The team's roles: the four managed ones and a custom one held by two members. */
export const TEST_ROLES: Role[] = [
  ...MANAGED_ROLE_NAMES.map((name, index) => ({
    uuid: `0b7f6c1e-0000-4000-8000-00000000000${index + 1}`,
    name,
    origin: "managed" as const,
    permissions: MANAGED_ROLE_RULES[name].map((rule) => ({ ...rule })),
    memberCount: name === "Owner" ? 1 : 0,
    createdAt: CREATED,
    updatedAt: CREATED,
  })),
  {
    uuid: "0b7f6c1e-0000-4000-8000-000000000010",
    name: "Legal",
    origin: "custom",
    permissions: [
      { action: "read", subject: "Envelope" },
      { action: "delete", subject: "Envelope", inverted: true, reason: "Envelopes are kept." },
    ],
    memberCount: 2,
    createdAt: CREATED,
    updatedAt: "2026-02-01T09:30:00.000Z",
  },
];

/** POST /team/list-roles, /team/create-role, /team/update-role, /team/delete-role over `roles`. */
export function createRoleHandlers(roles: Role[] = [...TEST_ROLES]): Handlers {
  return {
    "/team/list-roles": () => ok({ roles }),
    "/team/create-role": ({ body }) => {
      const { name, permissions } = body as Pick<Role, "name" | "permissions">;
      const role: Role = {
        uuid: "0b7f6c1e-0000-4000-8000-000000000099",
        name,
        origin: "custom",
        permissions,
        memberCount: 0,
        createdAt: CREATED,
        updatedAt: CREATED,
      };
      roles.push(role);
      return ok(role);
    },
    "/team/update-role": ({ body }) => {
      const input = body as { roleUuid: string; name?: string; permissions?: Role["permissions"] };
      const index = roles.findIndex((role) => role.uuid === input.roleUuid);
      const current = roles[index];
      if (current === undefined) throw new Error("unknown role");
      const updated = { ...current, ...input };
      roles[index] = updated;
      return ok(updated);
    },
    "/team/delete-role": ({ body }) => {
      const { roleUuid } = body as { roleUuid: string };
      roles.splice(
        roles.findIndex((role) => role.uuid === roleUuid),
        1,
      );
      return ok({ deleted: true });
    },
  };
}
