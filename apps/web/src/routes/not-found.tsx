import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { LoadingScreen, NotFoundPage } from "@paraphe/ui-kit";
import { Link } from "react-router";
import { useSession } from "../app/session/session-context";
import { AppLayout } from "../layouts/app-layout/app-layout";
import { WebPublicLayout } from "../layouts/public-layout/public-layout";
import { usePageMeta } from "../lib/page-meta";

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

/** The not-found message inside the current layout (a route that matched but names nothing). */
export function NotFoundContent() {
  const { t } = useTranslation();
  const title = t("notFound.title");
  usePageMeta({ title });
  useDocumentTitle(title);
  return (
    <NotFoundPage
      title={title}
      description={t("notFound.description")}
      actionLabel={t("notFound.action")}
      renderAction={(children, className) => (
        <Link to="/" className={className}>
          {children}
        </Link>
      )}
    />
  );
}
