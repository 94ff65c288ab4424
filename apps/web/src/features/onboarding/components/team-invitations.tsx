import { type MyInvitation } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { useErrorText } from "../../../lib/api/error-text";
import { useJoinTeam } from "../api/team-invitations";

/**
 * The teams that invited the signed-in person (spec §2 onboarding: joining), each with a Join
 * button; joining lands them in the team's default workspace.
 */
export function TeamInvitations({
  invitations,
  onJoined,
}: {
  invitations: readonly MyInvitation[];
  onJoined: (defaultWorkspaceUuid: string) => void;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const join = useJoinTeam();
  return (
    <section aria-labelledby="team-invitations-title" className="flex flex-col gap-3">
      <h2 id="team-invitations-title" className="text-base font-semibold text-ink">
        {t("onboarding.invitations.title")}
      </h2>
      <p className="text-sm text-ink-muted">{t("onboarding.invitations.description")}</p>
      {join.isError ? (
        <div role="alert" className="flex flex-col gap-1 text-sm">
          <p className="font-medium text-danger">{t("onboarding.invitations.error")}</p>
          <p className="text-ink-muted">{errorText.apiError(join.error)}</p>
        </div>
      ) : null}
      <ul className="flex flex-col gap-2">
        {invitations.map((invitation) => (
          <li
            key={invitation.uuid}
            className="flex flex-wrap items-center justify-between gap-3 rounded-control border border-border p-3"
          >
            <span className="min-w-0 text-sm text-ink">
              <span className="block font-medium">{invitation.teamName}</span>
              <span className="block text-ink-muted">
                {t("onboarding.invitations.detail", {
                  inviter: invitation.inviterName,
                  role: invitation.roleName,
                })}
              </span>
            </span>
            <Button
              loading={join.isPending && join.variables === invitation.uuid}
              disabled={join.isPending}
              onClick={() =>
                join.mutate(invitation.uuid, {
                  onSuccess: ({ defaultWorkspaceUuid }) => onJoined(defaultWorkspaceUuid),
                })
              }
            >
              {t("onboarding.invitations.join", { team: invitation.teamName })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
