import { useDocumentTitle, useLanguage, useTranslation } from "@paraphe/i18n/react";
import { NotFoundPage } from "@paraphe/ui-kit";
import { SignPublicLayout } from "../layouts/public-layout";
import { config } from "../lib/config";

/** Any path the signing app does not know (spec §2). */
export function NotFoundRoute() {
  const { t } = useTranslation(["sign", "common"]);
  const { language } = useLanguage();
  const title = t("common:notFound.title");
  useDocumentTitle(title);
  return (
    <SignPublicLayout>
      <NotFoundPage
        title={title}
        description={t("notFound.description")}
        actionLabel={t("notFound.action")}
        actionHref={`${config.publicSiteUrl}/${language}/`}
      />
    </SignPublicLayout>
  );
}
