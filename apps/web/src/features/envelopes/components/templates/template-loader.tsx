import { type TemplateDetail } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Skeleton } from "@paraphe/ui-kit";
import { type ReactNode } from "react";
import { useTemplate } from "../../api/template-queries";
import { QueryLoadError } from "../../../../lib/load-failure";

/**
 * Loads a template for a page: `loading` (skeletons by default) while it comes, spec §8's
 * "template load error" with a retry when it cannot, then the page with the template.
 */
export function WithTemplate({
  templateUuid,
  loading,
  children,
}: {
  templateUuid: string;
  loading?: ReactNode;
  children: (template: TemplateDetail) => ReactNode;
}) {
  const { t } = useTranslation(["web", "common"]);
  const template = useTemplate(templateUuid);
  if (template.isPending) {
    return (
      loading ?? (
        <div className="flex flex-col gap-4">
          <span role="status" className="sr-only">
            {t("web:templates.loading")}
          </span>
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      )
    );
  }
  if (template.isError) {
    return <QueryLoadError query={template} message={t("web:templates.loadError")} />;
  }
  return children(template.data);
}
