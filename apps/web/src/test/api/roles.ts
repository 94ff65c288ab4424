import { type TeamSummary, type UserProfile } from "@paraphe/api-sdk/contract";
import { MANAGED_ROLE_NAMES, MANAGED_ROLE_RULES } from "@paraphe/permissions";
import { TEST_PROFILE } from "./fixtures";
import { ok, type Handlers } from "./server";

const managedRole = (name: string) => MANAGED_ROLE_NAMES.find((role) => role === name);

/** Léa's profile with a role of her team and its rules (a managed role's by default; spec §6). */
export function profileWithRole(name: string, rules?: TeamSummary["rolePermissions"]): UserProfile {
  if (!TEST_PROFILE.team) throw new Error("the test profile has a team");
  const managed = managedRole(name);
  return {
    ...TEST_PROFILE,
    team: {
      ...TEST_PROFILE.team,
      role: { name, origin: managed ? "managed" : "custom" },
      rolePermissions: rules ?? (managed ? [...MANAGED_ROLE_RULES[managed]] : []),
    },
  };
}

/** The POST /user/profile handler of Léa with the role `name` (and `rules`). */
export function asRole(name: string, rules?: TeamSummary["rolePermissions"]): Handlers {
  return { "/user/profile": () => ok(profileWithRole(name, rules)) };
}
