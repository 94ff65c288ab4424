import { useTranslation } from "@paraphe/i18n/react";
import { Skeleton } from "@paraphe/ui-kit";

/** The page while `/envelope/open` runs: the shape of the title, the pages and the action bar. */
export function SigningSkeleton() {
  const { t } = useTranslation("sign");
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">{t("loadingDocument")}</span>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-7 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <Skeleton className="aspect-[1/1.414] w-full rounded-card" />
      <Skeleton className="aspect-[1/1.414] w-full rounded-card" />
    </div>
  );
}
