import { type TemplateDetail } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Skeleton } from "@paraphe/ui-kit";
import { type ReactNode } from "react";
import { useErrorText } from "../../../../lib/api/error-text";
import { useTemplate } from "../../api/template-queries";

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
  const errorText = useErrorText();
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
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        {t("web:templates.loadError")} {errorText.apiError(template.error)}
        <Button variant="secondary" size="sm" onClick={() => void template.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  }
  return children(template.data);
}
