import {
  type Action,
  type AppAbility,
  type Subject,
  type SubjectRecord,
} from "@paraphe/permissions";
import { createContext, useContext } from "react";

/** Logged, with the reason, when the profile's rules cannot be used (spec §8); the set is then empty. */
export const PERMISSIONS_BUILD_FAILURE = "Failed to build the permission set";

export interface PermissionsValue {
  /** The CASL ability of the signed-in member (empty while no profile is loaded). */
  ability: AppAbility;
  /**
   * Whether the member's role allows `action` on `subject` (spec §6). On a subject type, a rule with
   * conditions counts as allowing: the api checks the record itself and stays the authority.
   */
  can: (action: Action, subject: Subject | SubjectRecord, field?: string) => boolean;
}

/** `usePermissions()`'s value over an ability. */
export function permissionsOf(ability: AppAbility): PermissionsValue {
  return { ability, can: (action, subject, field) => ability.can(action, subject, field) };
}

export const PermissionsContext = createContext<PermissionsValue | null>(null);

/** The permissions of the signed-in member. Throws outside a PermissionsProvider. */
export function usePermissions(): PermissionsValue {
  const value = useContext(PermissionsContext);
  if (!value) throw new Error("usePermissions must be used inside <PermissionsProvider>");
  return value;
}
