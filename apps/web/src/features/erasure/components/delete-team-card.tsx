import { isApiError } from "@paraphe/api-sdk";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Skeleton,
  toast,
} from "@paraphe/ui-kit";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../../app/session/session-context";
import { useErrorText } from "../../../lib/api/error-text";
import { useDeleteTeam, useMemberCount } from "../api/erasure-queries";
import { ConfirmationField, confirmationMatches } from "./confirmation-field";

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
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const remove = useDeleteTeam();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const count = useMemberCount();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped("");
      setMismatch(false);
      remove.reset();
    }
  };
  const onConfirm = () => {
    if (!confirmationMatches(typed, teamName)) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    remove.mutate(
      { confirmName: typed },
      {
        onSuccess: () => {
          toast.success(t("web:erasure.team.deleted", { name: teamName }));
          void navigate("/onboarding/team", { replace: true });
        },
      },
    );
  };
  const fieldRefusal = isApiError(remove.error) && remove.error.code === "VALIDATION_ERROR";

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t("web:erasure.team.open")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={t("web:erasure.team.confirmTitle", { name: teamName })}
        description={t("web:erasure.team.confirmDescription")}
        confirmLabel={t("web:erasure.team.confirm")}
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        variant="danger"
        pending={remove.isPending}
        error={remove.isError && !fieldRefusal ? errorText.apiError(remove.error) : null}
        onConfirm={onConfirm}
      >
        {count.isPending ? (
          <div>
            <span role="status" className="sr-only">
              {t("web:erasure.team.countLoading")}
            </span>
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : count.isError ? (
          <p className="text-sm text-ink-muted">{t("web:erasure.team.countUnknown")}</p>
        ) : (
          <p className="text-sm text-ink">{t("web:erasure.team.members", { count: count.data })}</p>
        )}
        <ConfirmationField
          label={t("web:erasure.team.nameLabel", { name: teamName })}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setMismatch(false);
          }}
          mismatch={mismatch}
          error={remove.error}
          path="confirmName"
        />
      </ConfirmDialog>
    </>
  );
}
