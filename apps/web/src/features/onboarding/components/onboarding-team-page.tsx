import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Card, CardContent, LoadingScreen } from "@paraphe/ui-kit";
import { Users } from "lucide-react";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useInvalidateProfile } from "../../../app/session/use-cached-profile";
import { useSession } from "../../../app/session/session-context";
import { useMyInvitations } from "../api/team-invitations";
import { CreateTeamForm } from "../forms/create-team-form";
import { TeamInvitations } from "./team-invitations";

/**
 * /onboarding/team (spec §2): a signed-in person without a team joins a team that invited them or
 * creates one; with a team, go home.
 */
export function OnboardingTeamPage() {
  const { t } = useTranslation("web");
  const { status, profile } = useSession();
  const navigate = useNavigate();
  const invitations = useMyInvitations(status === "authenticated" && !profile?.team);
  const invalidateProfile = useInvalidateProfile();
  // Where a person who just joined a team lands once their profile shows it.
  const [landing, setLanding] = useState<string | null>(null);
  useDocumentTitle(t("onboarding.team.title"));

  if (status === "loading") return <LoadingScreen label={t("session.loading")} />;
  if (status === "anonymous") return <Navigate to="/login" replace />;
  if (profile?.team) return <Navigate to={landing ?? "/"} replace />;

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col py-6 sm:py-12">
      {invitations.data && invitations.data.length > 0 ? (
        <Card className="mb-6">
          <CardContent className="pt-6">
            <TeamInvitations
              invitations={invitations.data}
              onJoined={(workspaceUuid) => {
                setLanding(`/envelopes/${workspaceUuid}/all`);
                void invalidateProfile();
              }}
            />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6">
          <div
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600"
          >
            <Users className="size-6" />
          </div>
          <div className="flex flex-col gap-2">
            <h1 className="text-xl leading-7 font-semibold text-ink">
              {t("onboarding.team.title")}
            </h1>
            <p className="text-sm text-ink-muted">{t("onboarding.team.description")}</p>
          </div>
          <CreateTeamForm
            profile={profile}
            onCreated={() => void navigate("/", { replace: true })}
          />
        </CardContent>
      </Card>
    </div>
  );
}
