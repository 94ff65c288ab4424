import { useTranslation } from "@paraphe/i18n/react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useNavigate } from "react-router";
import { useSession } from "../../../app/session/session-context";
import { useDeleteAccount } from "../api/erasure-queries";
import { TypedDeletion } from "./typed-deletion";

/**
 * Account settings: deleting one's account, confirmed by typing its email. The card says what goes
 * and what the team keeps (the envelopes sent, with the name in their sealed documents and activity:
 * legal records). Refused by the api to a team's only Owner while it has other members (the
 * dialog then says to transfer ownership or delete the team first). Once deleted, the person is
 * signed out and lands on /login.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation("web");
  const navigate = useNavigate();
  const { profile, signOut } = useSession();
  const remove = useDeleteAccount();
  if (!profile) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("erasure.account.title")}</CardTitle>
        <CardDescription>{t("erasure.account.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-ink-muted">{t("erasure.account.legalRecords")}</p>
        <TypedDeletion
          openLabel={t("erasure.account.open")}
          title={t("erasure.account.confirmTitle")}
          description={t("erasure.account.confirmDescription")}
          confirmLabel={t("erasure.account.confirm")}
          fieldLabel={t("erasure.account.emailLabel", { email: profile.email })}
          expected={profile.email}
          ignoreCase
          path="confirmEmail"
          remove={remove}
          variables={(typed) => ({ confirmEmail: typed })}
          onDeleted={async () => {
            toast.success(t("erasure.account.deleted"));
            await signOut(() => navigate("/login", { replace: true }));
          }}
        />
      </CardContent>
    </Card>
  );
}
