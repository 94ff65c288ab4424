import { isApiError } from "@paraphe/api-sdk";
import { useTranslation } from "@paraphe/i18n/react";
import { useCallback, useMemo } from "react";
import { usePermissions } from "../../../app/permissions/permissions-context";
import { useSession } from "../../../app/session/session-context";
import { useErrorText } from "../../../lib/api/error-text";
import { mayGiveRole, type RoleWithRules } from "../../../domain/role-assignment";

/**
 * The uuids of the roles the signed-in member may give (invite, import, change a member to) and of
 * the members they may change or remove, as the api decides (`mayGiveRole`): their role holds every
 * right of it, and only an Owner gives the Owner role.
 */
export function useGivableRoles(roles: readonly RoleWithRules[] | undefined): ReadonlySet<string> {
  const { ability } = usePermissions();
  const { profile } = useSession();
  const callerRole = profile?.team?.role;
  return useMemo(
    () =>
      new Set(
        (roles ?? []).filter((role) => mayGiveRole(ability, callerRole, role)).map((r) => r.uuid),
      ),
    [ability, callerRole, roles],
  );
}

/** The text of a failed invitation or change: a refused role says why, anything else as usual. */
export function useRoleErrorText(): (error: unknown) => string {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) =>
      isApiError(error) && error.code === "FORBIDDEN"
        ? t("members.roleRefused")
        : errorText.apiError(error),
    [t, errorText],
  );
}
