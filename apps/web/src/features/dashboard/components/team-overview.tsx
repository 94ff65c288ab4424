import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, Card, Skeleton } from "@paraphe/ui-kit";
import { type UseQueryResult } from "@tanstack/react-query";
import { FolderKanban, KeyRound, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import { type ReactNode } from "react";
import { Link } from "react-router";
import { usePermissions } from "../../../app/permissions/permissions-context";
import { useErrorText } from "../../../lib/api/error-text";
import {
  useMemberCount,
  useRoleCount,
  useSsoState,
  useWorkspaceCount,
} from "../api/team-overview-queries";

/**
 * The team blocks of the dashboard (spec §2): members, roles, single sign-on and workspaces, each
 * linking to its settings page and shown only when the member's role may read what it counts
 * (`read Team` for members, roles and single sign-on; `read Workspace` for workspaces). Nothing is
 * shown when the role may read none of them.
 */
export function TeamOverview() {
  const { t } = useTranslation("web");
  const { can } = usePermissions();
  const readsTeam = can("read", "Team");
  const readsWorkspaces = can("read", "Workspace");
  if (!readsTeam && !readsWorkspaces) return null;
  return (
    <section aria-labelledby="team-overview" className="flex flex-col gap-3">
      <h2 id="team-overview" className="text-base font-semibold text-ink">
        {t("dashboard.teamOverview.title")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {readsTeam ? (
          <li>
            <MembersBlock />
          </li>
        ) : null}
        {readsTeam ? (
          <li>
            <RolesBlock />
          </li>
        ) : null}
        {readsWorkspaces ? (
          <li>
            <WorkspacesBlock />
          </li>
        ) : null}
        {can("update", "Team", "sso") ? (
          <li>
            <SingleSignOnBlock />
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function MembersBlock() {
  const { t } = useTranslation("web");
  const members = useMemberCount();
  const seats = members.data?.seats;
  return (
    <CountBlock
      icon={Users}
      label={t("dashboard.teamOverview.members")}
      to="/settings/members"
      query={members}
      value={members.data?.total}
      errorText={t("dashboard.teamOverview.membersError")}
      detail={
        seats
          ? seats.total === null
            ? t("members.seatsUnlimited", { used: seats.used })
            : t("members.seats", { used: seats.used, total: seats.total })
          : undefined
      }
    />
  );
}

function RolesBlock() {
  const { t } = useTranslation("web");
  const roles = useRoleCount();
  return (
    <CountBlock
      icon={ShieldCheck}
      label={t("dashboard.teamOverview.roles")}
      to="/settings/roles"
      query={roles}
      value={roles.data}
      errorText={t("dashboard.teamOverview.rolesError")}
    />
  );
}

function WorkspacesBlock() {
  const { t } = useTranslation("web");
  const workspaces = useWorkspaceCount();
  return (
    <CountBlock
      icon={FolderKanban}
      label={t("dashboard.teamOverview.workspaces")}
      to="/settings/workspaces"
      query={workspaces}
      value={workspaces.data}
      errorText={t("dashboard.teamOverview.workspacesError")}
      detail={workspaces.data === 0 ? t("dashboard.teamOverview.noWorkspace") : undefined}
    />
  );
}

/**
 * Single sign-on: enabled, disabled or not configured, linking to its settings. Only those who
 * may update the team read the configuration (and see this block).
 */
function SingleSignOnBlock() {
  const { t } = useTranslation("web");
  const sso = useSsoState();
  const state = sso.data?.configuration;
  return (
    <Card className="flex h-full flex-col gap-1 p-4">
      <BlockLabel icon={KeyRound}>{t("dashboard.teamOverview.sso")}</BlockLabel>
      {sso.isPending ? (
        <Skeleton className="h-6 w-24" />
      ) : sso.isError ? (
        <span role="alert" className="text-sm text-danger">
          {t("dashboard.teamOverview.ssoError")}
        </span>
      ) : (
        <span>
          <Badge variant={state?.enabled ? "success" : "neutral"}>
            {state === null || state === undefined
              ? t("dashboard.teamOverview.ssoNotConfigured")
              : state.enabled
                ? t("dashboard.teamOverview.ssoEnabled")
                : t("dashboard.teamOverview.ssoDisabled")}
          </Badge>
        </span>
      )}
      <Link to="/settings/sso" className="text-xs text-brand-700 underline">
        {t("dashboard.teamOverview.ssoManage")}
      </Link>
    </Card>
  );
}

function BlockLabel({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="flex items-center gap-2 text-sm text-ink-muted">
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </span>
  );
}

/** A count linking to its page; a skeleton while it loads; the error with a retry when it fails. */
function CountBlock({
  icon,
  label,
  to,
  query,
  value,
  errorText,
  detail,
}: {
  icon: LucideIcon;
  label: string;
  to: string;
  query: Pick<UseQueryResult, "isError" | "error" | "refetch">;
  value: number | undefined;
  errorText: string;
  detail?: string | undefined;
}) {
  const { t } = useTranslation(["web", "common"]);
  const apiErrorText = useErrorText();
  if (query.isError) {
    return (
      <Card className="flex h-full flex-col gap-2 p-4">
        <BlockLabel icon={icon}>{label}</BlockLabel>
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
          <span>
            {errorText} {apiErrorText.apiError(query.error)}
          </span>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      </Card>
    );
  }
  return (
    <Card className="h-full">
      <Link
        to={to}
        className="flex h-full flex-col gap-1 rounded-card p-4 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <BlockLabel icon={icon}>{label}</BlockLabel>
        {value === undefined ? (
          <Skeleton className="h-8 w-12" />
        ) : (
          <span className="text-2xl font-semibold text-ink">{value}</span>
        )}
        {detail ? <span className="text-xs text-ink-muted">{detail}</span> : null}
      </Link>
    </Card>
  );
}
