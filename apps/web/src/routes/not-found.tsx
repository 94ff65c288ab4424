import { useTranslation } from "@paraphe/i18n/react";
import { LoadingScreen } from "@paraphe/ui-kit";
import { useSession } from "../app/session/session-context";
import { AppLayout } from "../layouts/app-layout/app-layout";
import { WebPublicLayout } from "../layouts/public-layout/public-layout";
import { NotFoundContent } from "../components/not-found-content";

/** Any unknown path (spec §2): inside the app layout for a member of a team, the public layout otherwise. */
export function NotFoundRoute() {
  const { status, profile } = useSession();
  const { t } = useTranslation("web");
  if (status === "loading") return <LoadingScreen label={t("session.loading")} />;
  if (status === "authenticated" && profile?.team) {
    return (
      <AppLayout>
        <NotFoundContent />
      </AppLayout>
    );
  }
  return (
    <WebPublicLayout>
      <NotFoundContent />
    </WebPublicLayout>
  );
}
