import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useLogout } from "../../app/session/use-logout";

/** Log out from a public page (a signed-in person still onboarding). */
export function LogoutButton() {
  const { t } = useTranslation("web");
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={pending}
      onClick={() => {
        setPending(true);
        void logout();
      }}
    >
      <LogOut aria-hidden="true" />
      {t("userMenu.logout")}
    </Button>
  );
}
