import { useTranslation } from "@paraphe/i18n/react";
import { MANAGED_ROLE_NAMES, type ManagedRoleName } from "@paraphe/permissions";
import { Avatar, Badge, Card, CardContent } from "@paraphe/ui-kit";
import { useProfilePictureSrc } from "../../../lib/profile-picture";
import { useSession } from "../../../app/session/session-context";
import { DashboardCounts, QuickAccess, RecentRequests } from "./dashboard-overview";
import { TeamOverview } from "./team-overview";

/**
 * The dashboard (spec §2 "/"): who is signed in and in which team, the counts of documents pending
 * signature and in progress and of the inbox, the recent requests, the team (members, roles,
 * workspaces, single sign-on) as the role permits, and quick access.
 */
function isManagedRoleName(name: string): name is ManagedRoleName {
  return (MANAGED_ROLE_NAMES as readonly string[]).includes(name);
}

export function Welcome() {
  const { t } = useTranslation("web");
  const { profile } = useSession();
  const pictureSrc = useProfilePictureSrc(profile);
  if (!profile) return null;
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center">
          <Avatar src={pictureSrc} seed={profile.email} alt="" size={56} />
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-lg leading-7 font-semibold break-words text-ink">
              {name ? t("dashboard.welcomeName", { name }) : t("dashboard.welcome")}
            </h2>
            {profile.team ? (
              <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                <span>{t("dashboard.team", { team: profile.team.name })}</span>
                <Badge>
                  {profile.team.role.origin === "managed" &&
                  isManagedRoleName(profile.team.role.name)
                    ? t(`roles.${profile.team.role.name}`)
                    : profile.team.role.name}
                </Badge>
              </p>
            ) : null}
            <p className="truncate text-sm text-ink-muted">{profile.email}</p>
          </div>
        </CardContent>
      </Card>
      <DashboardCounts />
      <RecentRequests />
      <TeamOverview />
      <QuickAccess />
    </div>
  );
}
