import { type Action, type Subject } from "@paraphe/permissions";
import { type ReactNode } from "react";
import { usePermissions } from "./permissions-context";

/**
 * Shows `children` only when the member's role allows `I` on `a` (spec §6); `fallback` otherwise.
 * For actions that are better disabled with their reason, use `PermittedButton`.
 */
export function Can({
  I: action,
  a: subject,
  fallback = null,
  children,
}: {
  I: Action;
  a: Subject;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const { can } = usePermissions();
  return <>{can(action, subject) ? children : fallback}</>;
}
