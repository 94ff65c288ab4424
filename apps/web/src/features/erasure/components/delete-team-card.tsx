import { useTranslation } from "@paraphe/i18n/react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useNavigate } from "react-router";
import { useSession } from "../../../app/session/session-context";
import { useDeleteTeam, useMemberCount } from "../api/erasure-queries";
import { TypedDeletion } from "./typed-deletion";

/**
 * Team settings (the team's Owners): deleting the team, confirmed by typing its name. The dialog
 * says how many members lose access; the api then purges the team in the background. Once
 * deleted, the Owner has no team and goes to the team onboarding.
 */
export function DeleteTeamCard() {
  const { t } = useTranslation(["web", "common"]);
  const { profile } = useSession();
  const team = profile?.team;
  if (!team || team.role.origin !== "managed" || team.role.name !== "Owner") return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("web:erasure.team.title")}</CardTitle>
        <CardDescription>{t("web:erasure.team.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <DeleteTeamAction teamName={team.name} />
      </CardContent>
    </Card>
  );
}

function DeleteTeamAction({ teamName }: { teamName: string }) {
  const { t } = useTranslation("web");
  const navigate = useNavigate();
  const remove = useDeleteTeam();
  const count = useMemberCount();

  return (
    <TypedDeletion
      openLabel={t("erasure.team.open")}
      title={t("erasure.team.confirmTitle", { name: teamName })}
      description={t("erasure.team.confirmDescription")}
      confirmLabel={t("erasure.team.confirm")}
      fieldLabel={t("erasure.team.nameLabel", { name: teamName })}
      expected={teamName}
      path="confirmName"
      remove={remove}
      variables={(typed) => ({ confirmName: typed })}
      onDeleted={() => {
        toast.success(t("erasure.team.deleted", { name: teamName }));
        void navigate("/onboarding/team", { replace: true });
      }}
    >
      {count.isPending ? (
        <div>
          <span role="status" className="sr-only">
            {t("erasure.team.countLoading")}
          </span>
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : count.isError ? (
        <p className="text-sm text-ink-muted">{t("erasure.team.countUnknown")}</p>
      ) : (
        <p className="text-sm text-ink">{t("erasure.team.members", { count: count.data })}</p>
      )}
    </TypedDeletion>
  );
}
