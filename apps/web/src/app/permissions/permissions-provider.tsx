import { buildAbility } from "@paraphe/permissions";
import { useEffect, useMemo, type ReactNode } from "react";
import { useSession } from "../session/session-context";
import {
  PERMISSIONS_BUILD_FAILURE,
  PermissionsContext,
  permissionsOf,
} from "./permissions-context";

/**
 * Builds the member's ability from the profile's `rolePermissions` (spec §6) for `usePermissions()`
 * and `<Can>`. Without a profile, a team or rules, the set is empty; rules that cannot be used give
 * an empty set too, and "Failed to build the permission set" is logged with the reason.
 */
export function PermissionsProvider({ children }: { children: ReactNode }) {
  const { profile } = useSession();
  const rules = profile?.team?.rolePermissions;
  const built = useMemo(() => {
    const problems: string[] = [];
    // A malformed rule gives an empty ability: nothing is allowed.
    const ability = buildAbility(rules, { onInvalid: (message) => problems.push(message) });
    return { value: permissionsOf(ability), problem: problems[0] ?? null };
  }, [rules]);

  const { problem } = built;
  useEffect(() => {
    if (problem !== null) console.error(PERMISSIONS_BUILD_FAILURE, problem);
  }, [problem]);

  return <PermissionsContext.Provider value={built.value}>{children}</PermissionsContext.Provider>;
}
