import { type TeamRole } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { useCallback } from "react";

type RoleRef = Pick<TeamRole, "name" | "origin">;

/** A role's name as shown: the managed roles translated, custom ones as their team named them. */
export function useRoleLabel(): (role: RoleRef) => string {
  const { t } = useTranslation("web");
  return useCallback(
    (role: RoleRef) => {
      if (role.origin !== "managed") return role.name;
      switch (role.name) {
        case "Owner":
          return t("roles.Owner");
        case "Admin":
          return t("roles.Admin");
        case "Member":
          return t("roles.Member");
        case "Viewer":
          return t("roles.Viewer");
        default:
          return role.name;
      }
    },
    [t],
  );
}

/** Whether a role takes a seat: every role but the managed Viewer (as the api counts). */
export function takesSeat(role: RoleRef): boolean {
  return !(role.origin === "managed" && role.name === "Viewer");
}
