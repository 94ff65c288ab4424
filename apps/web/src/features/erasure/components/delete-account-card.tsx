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
  toast,
} from "@paraphe/ui-kit";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../../app/session/session-context";
import { useErrorText } from "../../../lib/api/error-text";
import { useDeleteAccount } from "../api/erasure-queries";
import { ConfirmationField, confirmationMatches } from "./confirmation-field";

/**
 * Account settings: deleting one's account, confirmed by typing its email. The card says what goes
 * and what the team keeps (the envelopes sent, with the name in their sealed documents and activity:
 * legal records). Refused by the api to a team's only Owner while it has other members (the
 * dialog then says to transfer ownership or delete the team first). Once deleted, the person is
 * signed out and lands on /login.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { profile, signOut } = useSession();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  if (!profile) return null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped("");
      setMismatch(false);
      remove.reset();
    }
  };
  const onConfirm = () => {
    if (!confirmationMatches(typed, profile.email, true)) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    remove.mutate(
      { confirmEmail: typed },
      {
        onSuccess: async () => {
          toast.success(t("web:erasure.account.deleted"));
          await signOut(() => navigate("/login", { replace: true }));
        },
      },
    );
  };
  // A field refusal is said under the field; any other refusal (sole_owner...) in the dialog.
  const fieldRefusal = isApiError(remove.error) && remove.error.code === "VALIDATION_ERROR";

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("web:erasure.account.title")}</CardTitle>
        <CardDescription>{t("web:erasure.account.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-ink-muted">{t("web:erasure.account.legalRecords")}</p>
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t("web:erasure.account.open")}
          </Button>
        </div>
        <ConfirmDialog
          open={open}
          onOpenChange={onOpenChange}
          title={t("web:erasure.account.confirmTitle")}
          description={t("web:erasure.account.confirmDescription")}
          confirmLabel={t("web:erasure.account.confirm")}
          cancelLabel={t("common:actions.cancel")}
          closeLabel={t("common:actions.close")}
          variant="danger"
          pending={remove.isPending}
          error={remove.isError && !fieldRefusal ? errorText.apiError(remove.error) : null}
          onConfirm={onConfirm}
        >
          <ConfirmationField
            label={t("web:erasure.account.emailLabel", { email: profile.email })}
            value={typed}
            onChange={(value) => {
              setTyped(value);
              setMismatch(false);
            }}
            mismatch={mismatch}
            error={remove.error}
            path="confirmEmail"
          />
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
