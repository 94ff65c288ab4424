import { useTranslation } from "@paraphe/i18n/react";
import { Avatar, Badge, Card, CardContent, buttonVariants } from "@paraphe/ui-kit";
import { KeyRound, MonitorSmartphone, UserRound } from "lucide-react";
import { Link } from "react-router";
import { useProfilePictureSrc } from "../../../lib/profile-picture";
import { useSession } from "../../session/session-context";

/** The dashboard's welcome (spec §2 "/"): who is signed in, in which team, and where to go next. */
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
                <Badge>{profile.team.role.name}</Badge>
              </p>
            ) : null}
            <p className="truncate text-sm text-ink-muted">{profile.email}</p>
          </div>
        </CardContent>
      </Card>
      <nav aria-label={t("dashboard.quickAccess")} className="flex flex-col gap-3">
        <h2 className="text-base font-semibold text-ink">{t("dashboard.quickAccess")}</h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {[
            { to: "/settings/profile", icon: UserRound, label: t("settings.nav.profile") },
            { to: "/settings/passkeys", icon: KeyRound, label: t("settings.nav.passkeys") },
            {
              to: "/settings/sessions",
              icon: MonitorSmartphone,
              label: t("settings.nav.sessions"),
            },
          ].map(({ to, icon: Icon, label }) => (
            <li key={to}>
              <Link
                to={to}
                className={buttonVariants({
                  variant: "secondary",
                  className: "w-full justify-start",
                })}
              >
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
