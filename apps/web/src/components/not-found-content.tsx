import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { NotFoundPage } from "@paraphe/ui-kit";
import { Link } from "react-router";
import { usePageMeta } from "../lib/page-meta";

/**
 * The not-found message inside the current layout (a route that matched but names nothing), apart
 * from the not-found route: a route that shows it does not take both layouts with it.
 */
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
